/**
 * npm run bench:bulk [-- --companies N --quarters N --facts N --export N --runs N --no-write]
 *                    [-- --database-url URL --key KEY]
 *
 * Builds bench:api's 2,000-company dataset on the PostgreSQL server (or reads one already built
 * at --database-url), starts the API (`start:api`, one process) on it and pulls every fact of
 * 500 of its companies as of one date through `GET /v1/financials/export`, as NDJSON and as
 * CSV, with curl, counting lines and bytes (`wc`), so no JavaScript parses the stream. In the
 * same run pgbench executes, on one connection, the statements the export ran (its keyset
 * pages, as recorded from the route's own query code). Records facts/s beside the
 * 100,000 facts/s target and beside the database's rate in docs/benchmarks.md.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { factLinePages, factPages } from '#projections/facts';
import type { SqlExecutor } from '#platform/db';
import { openPgPool } from '#platform/db-engines';
import { createKey } from '#serve/access';
import { DEFAULT_EXPORT_LIMITS } from '#serve/http';
import { benchSymbol, buildApiDataset, DATASET_OPTIONS, datasetShape } from './api-dataset.ts';
import { freePort, rssOf, spawnScript, stopChild, waitForHttp } from './processes.ts';
import { pgbenchEnv, inlineParameters } from './pgbench-script.ts';
import { machine, recordSection, REPORT } from './report.ts';
import { serverVersion, withServerDatabase } from './server-database.ts';
import { syntheticCompanyId } from './synthetic-filings.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    ...DATASET_OPTIONS,
    export: { type: 'string', default: '500' },
    runs: { type: 'string', default: '3' },
    'database-url': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const TARGET = 100_000;
const AS_OF = '2022-06-01T00:00:00Z';
const runs = Number(values.runs);
const exported = Array.from({ length: Math.min(Number(values.export), Number(values.companies)) }, (_, c) => c);
const shape = datasetShape(values);
const log = (message: string) => process.stderr.write(`[bench:bulk] ${message}\n`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

interface Pull {
  readonly format: 'ndjson' | 'csv';
  readonly facts: number;
  readonly bytes: number;
  readonly seconds: number;
}

/** One export read to its end by curl, counted by wc: facts (lines, less the CSV header), bytes and seconds. */
async function pull(base: string, key: string, format: Pull['format']): Promise<Pull> {
  const url = `${base}/v1/financials/export?tickers=${exported.map(benchSymbol).join(',')}&as_of=${AS_OF}&format=${format}`;
  const script = `set -o pipefail; curl -sS --fail -H "x-api-key: $KEY" -w '%{stderr}%{time_total} %{http_code}' "$URL" | wc -l -c`;
  const { stdout, stderr } = await run('bash', ['-c', script], { env: { ...process.env, KEY: key, URL: url } });
  const [lines = NaN, bytes = NaN] = stdout.trim().split(/\s+/).map(Number);
  const [seconds = NaN, status = NaN] = stderr.trim().split(/\s+/).map(Number);
  if (status !== 200) throw new Error(`the export answered ${status}`);
  return { format, facts: format === 'csv' ? lines - 1 : lines, bytes, seconds };
}

/** The page reader of each format: NDJSON reads lines written by the database, CSV reads facts. */
const READERS = { ndjson: factLinePages, csv: factPages } as const;

/** The statements the export runs for these companies in `format`, recorded by running its own page reader, values inlined. */
async function exportStatements(db: SqlExecutor, format: Pull['format']): Promise<{ sql: string; facts: number; statements: number }> {
  const statements: string[] = [];
  const recording: SqlExecutor = {
    query: (text, params = []) => {
      statements.push(inlineParameters(text, params));
      return db.query(text, params);
    },
    transaction: (fn) => db.transaction(fn),
  };
  let facts = 0;
  for (const c of exported) {
    const selection = { companyId: syntheticCompanyId(c), period: 'any', asOf: AS_OF } as const;
    for await (const page of READERS[format](recording, selection, DEFAULT_EXPORT_LIMITS.pageSize)) facts += page.length;
  }
  return { sql: statements.map((s) => `${s};\n`).join(''), facts, statements: statements.length };
}

/** pgbench running the export's statements, one after another on one connection, `runs` times: seconds per pass. */
async function pgbenchPass(url: string, sql: string): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imd-pgbench-'));
  try {
    await writeFile(path.join(dir, 'export.sql'), sql);
    const env = pgbenchEnv(url);
    const args = ['-n', '-M', 'extended', '-c', '1', '-t', String(runs), '-f', path.join(dir, 'export.sql')];
    const { stdout } = await run('pgbench', args, { env, maxBuffer: 1 << 22 });
    const ms = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? NaN);
    return ms / 1000;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function measure(url: string, key: string) {
  const db = await openPgPool(url, { max: 2 });
  const recorded = await exportStatements(db, 'ndjson');
  const csvStatements = await exportStatements(db, 'csv').finally(() => db.close());
  log(`${exported.length} companies: ${recorded.facts.toLocaleString('en-US')} facts as of ${AS_OF} in ${recorded.statements} statements`);
  const port = freePort();
  const child = spawnScript('services/api/main.ts', [], {
    DATABASE_URL: url,
    PORT: String(port),
    RATE_LIMIT_PER_MINUTE: 'off',
    MONTHLY_ALLOWANCE: 'off',
  });
  const loadBefore = load();
  const pulls: Pull[] = [];
  let rssMb: number | null;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/health`, 60_000);
    log('warming up');
    await pull(base, key, 'ndjson');
    for (const format of ['ndjson', 'csv'] as const) {
      for (let i = 0; i < runs; i += 1) {
        const result = await pull(base, key, format);
        if (result.facts !== recorded.facts)
          throw new Error(`the export sent ${result.facts} facts, the statements read ${recorded.facts}`);
        log(`${format}: ${result.facts} facts, ${(result.bytes / 2 ** 20).toFixed(1)} MiB in ${result.seconds.toFixed(2)} s`);
        pulls.push(result);
      }
    }
    rssMb = child.pid ? ((await rssOf(child.pid))?.peak ?? null) : null;
  } finally {
    await stopChild(child);
  }
  log('pgbench');
  const pgbenchSeconds = { ndjson: await pgbenchPass(url, recorded.sql), csv: await pgbenchPass(url, csvStatements.sql) };
  return { ...recorded, pulls, pgbenchSeconds, rssMb, loadBefore, loadAfter: load() };
}

const external = values['database-url'];
const results = external
  ? await (async () => {
      const db = await openPgPool(external, { max: 2 });
      const { key } = await createKey(db, { workspace: { name: 'bench' }, name: 'bench:bulk', scopes: ['read'] }).finally(() => db.close());
      return { engine: await serverVersion(external), ...(await measure(external, key)) };
    })()
  : await withServerDatabase(async (url) => {
      const db = await openPgPool(url, { max: 6 });
      const key = await buildApiDataset(db, shape, log).finally(() => db.close());
      return { engine: await serverVersion(url), ...(await measure(url, key)) };
    });

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const formats = ['ndjson', 'csv'] as const;
const dbRate = (format: Pull['format']) => results.facts / results.pgbenchSeconds[format];
const label = (format: Pull['format']) => (format === 'ndjson' ? 'NDJSON' : 'CSV');
const rows = formats.map((format) => {
  const mine = results.pulls.filter((p) => p.format === format);
  const seconds = median(mine.map((p) => p.seconds));
  const rate = results.facts / seconds;
  const mib = (mine[0]?.bytes ?? NaN) / 2 ** 20;
  return `| API, ${label(format)} (curl \\| wc) | ${fmt(results.facts)} | ${mib.toFixed(1)} | ${seconds.toFixed(2)} (${mine.map((p) => p.seconds.toFixed(2)).join(', ')}) | **${fmt(rate)}** | ${fmt(TARGET)} | ${Math.round((100 * rate) / dbRate(format))}% |`;
});
const table = [
  '| reader | facts | MiB | seconds, median (runs) | facts/s | target facts/s | share of the database rate |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  ...formats.map(
    (format) =>
      `| pgbench, the ${label(format)} export's ${fmt(results.statements)} statements on one connection | ${fmt(results.facts)} | | ${results.pgbenchSeconds[format].toFixed(2)} (mean of ${runs}) | ${fmt(dbRate(format))} | | 100% |`,
  ),
].join('\n');
console.log(`\n${table}\n`);

const NOTES = [
  '',
  "What the pull costs, from a CPU profile of the API process during a pull when it built each fact in the process (`node --cpu-prof`, this set): waiting on PostgreSQL 31% of samples, decoding `pg`'s 25-column rows about 20%, parsing and formatting timestamps 13%, building facts 8%, `JSON.stringify` 10%, garbage collection 12%; 9 µs of process CPU per fact on this loaded machine. NDJSON lines are now written by PostgreSQL (docs/bulk.md): 2.2 µs of process CPU per fact, but those statements cost the database about 2.5 times the plain ones (the two pgbench rows); the pull gets its rate by reading three companies at once on both cores. CSV still builds facts in the process, which is its limit.",
  '',
  'Tried, on this set the same evening under other work (load average 9 to 12): the first version (one page read ahead, facts built in the process) pulled 33,717 NDJSON and 46,891 CSV facts/s; reading three companies at once did not help it alone (the process was the limit); lines written by the database took NDJSON to the rate above; a `row_to_json` form of the line costs the database the same as the concatenation. Each statement also pays `begin`, `set local statement_timeout` and `commit` round trips (bounded work, docs/bulk.md). Not done: CSV written by the database, serialisation in a worker thread. curl, the API and PostgreSQL share the two cores.',
];

if (!values['no-write']) {
  await recordSection('bench:bulk', [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${results.engine} on the same machine. Load average (1, 5, 15 min) before the pulls ${results.loadBefore}, after ${results.loadAfter}: other work shared the machine.`,
    `Command: \`npm run bench:bulk${external ? ' -- --database-url <the set, built before by the same code>' : ''}\`: bench:api's set (${shape.companies.toLocaleString('en-US')} companies × ${shape.quarters} quarters × ${shape.factsPerFiling} facts), one API process (\`start:api\`, rate limits off, peak RSS ${results.rssMb ?? '—'} MB); \`GET /v1/financials/export?tickers=BENCH0000,…,BENCH${String(exported.length - 1).padStart(4, '0')}&as_of=${AS_OF}\` (${exported.length} companies, every fact as of the date; docs/bulk.md) read to its end by curl into \`wc -l -c\`, after one warm-up pull; pgbench runs the statements the export runs in each format (each company's keyset pages of ${DEFAULT_EXPORT_LIMITS.pageSize}, recorded from the route's page reader, extended protocol), one after another on one connection as the export does. Target: ${fmt(TARGET)} facts/s end to end.`,
    '',
    table,
    ...NOTES,
  ]);
  console.log(`recorded in ${path.relative(process.cwd(), REPORT)}`);
}
