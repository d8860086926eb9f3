/**
 * npm run bench:ingest [-- --companies N --quarters N --facts N --pglite-companies N --targets postgres,pglite]
 *
 * Appends synthetic FinancialsReported events (one per filing, 100 filings per
 * transaction) and projects them into the bitemporal facts table, on a PostgreSQL server
 * and on PGlite, each in its own process. Prints the results and records them in
 * docs/benchmarks.md with the machine and the date.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { machine, rate, recordSection, REPORT } from './report.ts';
import { withServerDatabase } from './server-database.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '2000' },
    quarters: { type: 'string', default: '40' },
    facts: { type: 'string', default: '60' },
    'pglite-companies': { type: 'string', default: '200' },
    writers: { type: 'string', default: '4' },
    targets: { type: 'string', default: 'postgres,pglite' },
    'no-write': { type: 'boolean', default: false },
  },
});

const RUNNER = fileURLToPath(new URL('./ingest-run.ts', import.meta.url));

interface RunResult {
  db: string;
  engine: string;
  shape: { companies: number; quarters: number; factsPerFiling: number };
  writers: number;
  projectionBatch: number;
  append: { events: number; facts: number; seconds: number };
  projection: { events: number; facts: number; seconds: number };
  peakRssMb: number;
}

async function runOnce(args: string[]): Promise<RunResult> {
  const child = run(process.execPath, ['--import', 'tsx', RUNNER, ...args], { maxBuffer: 1 << 20 });
  child.child.stderr?.pipe(process.stderr);
  const { stdout } = await child;
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as RunResult;
}

const shapeArgs = (companies: string) => ['--companies', companies, '--quarters', values.quarters, '--facts', values.facts];
const targets = values.targets.split(',');
const results: RunResult[] = [];

if (targets.includes('postgres')) {
  await withServerDatabase(async (url) => {
    results.push(await runOnce(['--db', 'postgres', '--url', url, '--writers', values.writers, ...shapeArgs(values.companies)]));
  });
}
if (targets.includes('pglite')) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-'));
  try {
    results.push(await runOnce(['--db', 'pglite', '--dir', dir, '--writers', '1', ...shapeArgs(values['pglite-companies'])]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const rows = results.map((r) =>
  [
    r.engine,
    `${r.shape.companies} x ${r.shape.quarters} x ${r.shape.factsPerFiling}`,
    r.append.events.toLocaleString('en-US'),
    r.append.facts.toLocaleString('en-US'),
    `${rate(r.append.events, r.append.seconds)} / ${rate(r.append.facts, r.append.seconds)}`,
    `${rate(r.projection.events, r.projection.seconds)} / ${rate(r.projection.facts, r.projection.seconds)}`,
    String(r.peakRssMb),
  ].join(' | '),
);
const table = [
  '| database | companies x quarters x facts | events | facts | append events/s / facts/s | projection events/s / facts/s | peak RSS MB |',
  '|---|---|---|---|---|---|---|',
  ...rows.map((row) => `| ${row} |`),
].join('\n');
console.log(`\n${table}\n`);

if (!values['no-write']) {
  await recordSection('bench:ingest', [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}.`,
    `Command: \`npm run bench:ingest\` (server: ${values.writers} concurrent appenders, 100 filings per append transaction; PGlite: one appender; projection batches of ${results[0]?.projectionBatch ?? 500} events).`,
    '',
    'Each event is one filing (`FinancialsReported`) with its facts; about 2% of filings are later revised with changed values, so restatement chains are built too. Projection time is the facts projection catching up from position 0. The target on the server is at least 100,000 facts/s projected.',
    '',
    table,
  ]);
  console.log(`recorded in ${path.relative(process.cwd(), REPORT)}`);
}
