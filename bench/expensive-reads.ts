/**
 * npm run bench:expensive-reads -- --url http://127.0.0.1:8000 --key KEY [--rounds N --connections C --label TEXT --write]
 *
 * Times the two reads issue 35 found dear, against a service already running (on whatever
 * data it holds; the real corpus for the record): `POST /v1/search` for a few queries, all kinds,
 * and the MCP tool `list_screen_metrics` (every source, now). Each is timed alone, one call after
 * another (`--rounds` calls of each), then with `--connections` calls at once. The first call of
 * list_screen_metrics after a projection moves counts again; later ones are remembered
 * (docs/screening.md#coverage), so its first call is reported apart. With --write, the table
 * goes to docs/benchmarks.md as the section bench:expensive-reads, headed by --label.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { machine, percentile, recordSection } from './report.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8000' },
    key: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8' },
    label: { type: 'string', default: 'this run' },
    write: { type: 'boolean', default: false },
  },
});
if (!values.key) throw new Error('--key: an API key with the read scope');
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const headers = { 'x-api-key': values.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const QUERIES = ['reliance', 'tata consultancy', 'dividend', 'hdfc bank merger'];

interface Timed {
  readonly ms: number;
  readonly status: number;
}

async function timed(path: string, body: object): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(`${values.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const search = (i: number) => timed('/v1/search', { query: QUERIES[i % QUERIES.length] });
const screenMetrics = () =>
  timed('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_screen_metrics', arguments: {} } });

async function alone(call: (i: number) => Promise<Timed>, n: number): Promise<Timed[]> {
  const results: Timed[] = [];
  for (let i = 0; i < n; i++) results.push(await call(i));
  return results;
}

const together = (call: (i: number) => Promise<Timed>, n: number) => Promise.all(Array.from({ length: n }, (_, i) => call(i)));

const summary = (name: string, how: string, results: readonly Timed[]) => {
  const ms = results.map((r) => r.ms);
  const statuses = [...new Set(results.map((r) => r.status))].join(', ');
  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  return `| ${name} | ${how} | ${results.length} | ${f(percentile(ms, 50))} | ${f(percentile(ms, 90))} | ${f(Math.max(...ms))} | ${statuses} |`;
};

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const loadBefore = loadAverage();
const firstScreen = await screenMetrics();
const rows = [
  summary('list_screen_metrics', 'first call', [firstScreen]),
  summary('list_screen_metrics', 'alone, after the first', await alone(screenMetrics, rounds)),
  summary('list_screen_metrics', `${connections} at once`, await together(screenMetrics, connections)),
  summary('POST /v1/search', `alone, ${QUERIES.length} queries`, await alone(search, rounds * QUERIES.length)),
  summary('POST /v1/search', `${connections} at once`, await together(search, connections)),
];
const table = ['| read | how | calls | p50 ms | p90 ms | max ms | statuses |', '| --- | --- | ---: | ---: | ---: | ---: | --- |', ...rows];
const load = `Load average ${loadBefore} before, ${loadAverage()} after (the machine's other work shares its cores).`;
process.stdout.write(`${values.label}\n${table.join('\n')}\n${load}\n`);
if (values.write) {
  await recordSection('bench:expensive-reads', [
    `${new Date().toISOString().slice(0, 10)}, ${machine()}. ${values.label}`,
    '',
    ...table,
    '',
    load,
  ]);
}
