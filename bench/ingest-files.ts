/**
 * npm run bench:ingest-files [-- --targets real,corpus,generated --databases server,pglite --threads 2 --workers 2 --no-write]
 *
 * Ingests real (and generated) exchange files end to end (store, parse, append, project)
 * on the PostgreSQL server and on PGlite, each run in its own process on a fresh database,
 * and parses the same files alone (no database) in the same run, on one thread and in the
 * parse threads: the whole real corpus and its `nse_filings/` (when ../shared is present),
 * a generated dataset of the real formats on request. Records each rate beside its limit
 * (ingestion at 0.8x of parsing alone on the server, 0.5x on PGlite) in docs/benchmarks.md.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { generateDataset } from '../tools/generate/generate-dataset.ts';
import { createFolderWriter } from '../tools/generate/write-dataset-folder.ts';
import { hasSharedData, SHARED_DATA } from '../test/support/shared-data.ts';
import { machine, rate, recordSection, REPORT } from './report.ts';
import { serverVersion, withServerDatabase } from './server-database.ts';

const run = promisify(execFile);
const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');
const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '500' },
    years: { type: 'string', default: '10' },
    workers: { type: 'string', default: '2' },
    threads: { type: 'string', default: String(Math.min(4, os.availableParallelism())) },
    targets: { type: 'string', default: 'real,corpus' },
    databases: { type: 'string', default: 'server,pglite' },
    'no-write': { type: 'boolean', default: false },
  },
});

const RUNNER = fileURLToPath(new URL('./ingest-files-run.ts', import.meta.url));
/** Ingestion's rate end to end as a share of parsing alone (this thread), at least. */
const LIMITS = { server: 0.8, pglite: 0.5 } as const;
type Database = keyof typeof LIMITS;

interface RunResult {
  files: number;
  parsed: number;
  rejected: number;
  failed: number;
  events: number;
  facts: number;
  ingestSeconds: number;
  seconds: number;
  peakRssMb: number;
}

async function runner(args: readonly string[]): Promise<RunResult> {
  const child = run(process.execPath, ['--import', 'tsx', RUNNER, ...args], { maxBuffer: 1 << 20 });
  child.child.stderr?.pipe(process.stderr);
  const { stdout } = await child;
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as RunResult;
}

const parseOnly = (input: string, threads: string) => runner(['--parse-only', '--input', input, '--threads', threads]);

async function ingestFolder(input: string, database: Database): Promise<RunResult> {
  const common = ['--input', input, '--workers', values.workers, '--threads', values.threads];
  if (database === 'pglite') return runner(['--pglite', ...common]);
  return withServerDatabase((url) => runner(['--url', url, ...common]));
}

interface Row {
  input: string;
  run: string;
  result: RunResult;
  limit?: { share: number; of: number };
}

const inputs: Array<{ input: string; folder: string; cleanup?: () => Promise<void> }> = [];
const targets = values.targets.split(',');
if (hasSharedData) {
  if (targets.includes('real')) inputs.push({ input: 'the real corpus (every folder of shared/data/real)', folder: SHARED_DATA });
  if (targets.includes('corpus'))
    inputs.push({ input: 'nse_filings/ (real XBRL and listings)', folder: path.join(SHARED_DATA, 'nse_filings') });
} else if (targets.includes('real') || targets.includes('corpus'))
  console.error('skipping the real corpus: ../shared/data/real is not present');
if (targets.includes('generated')) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-files-'));
  const started = performance.now();
  const { counts } = generateDataset({ companies: Number(values.companies), years: Number(values.years) }, createFolderWriter(dir));
  console.error(`generated ${counts.files} files, ${counts.facts} facts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  inputs.push({
    input: `generated: ${values.companies} companies x ${values.years} years (all formats)`,
    folder: dir,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  });
}

const rows: Row[] = [];
const databases = values.databases.split(',').filter((d): d is Database => d in LIMITS);
let serverName = '';
if (databases.includes('server')) await withServerDatabase(async (url) => (serverName = await serverVersion(url)));
for (const { input, folder, cleanup } of inputs) {
  try {
    console.error(`${input}: parsing only`);
    const alone = await parseOnly(folder, '0');
    rows.push({ input, run: 'parse only, this thread', result: alone });
    rows.push({ input, run: `parse only, ${values.threads} parse threads`, result: await parseOnly(folder, values.threads) });
    const aloneRate = alone.files / alone.seconds;
    for (const database of databases) {
      console.error(`${input}: ingesting on ${database}`);
      const result = await ingestFolder(folder, database);
      rows.push({
        input,
        run: `ingest, ${database === 'server' ? 'PostgreSQL server' : 'PGlite'}`,
        result,
        limit: { share: result.files / result.seconds / aloneRate, of: LIMITS[database] },
      });
    }
  } finally {
    await cleanup?.();
  }
}

const table = [
  '| input | run | files | rejected | facts | seconds | files/s | share of parsing alone (this thread) | limit | peak RSS MB |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    ({ input, run: name, result: r, limit }) =>
      `| ${input} | ${name} | ${r.files.toLocaleString('en-US')} | ${r.rejected} | ${r.facts.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} | ${rate(r.files, r.seconds)} | ${limit ? `${limit.share.toFixed(2)}x` : ''} | ${limit ? `${limit.of}x ${limit.share >= limit.of ? '(met)' : '(missed)'}` : ''} | ${r.peakRssMb} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);

if (!values['no-write'] && rows.length > 0) {
  await recordSection('bench:ingest-files', [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}${serverName ? `, ${serverName}` : ''}; load average before the run ${loadBefore}.`,
    `Command: \`npm run bench:ingest-files\` (${values.workers} ingestion workers in one process, batches of 10 documents, ${values.threads} parse threads; a fresh database per run).`,
    '',
    'Ingest: every file read, stored as received, parsed through the job queue, its events appended, then all read tables projected; the time runs from the first file read to the last projection. Facts are the rows of the bitemporal facts table afterwards. Parse only: the same files read, detected and parsed into their validated events with no database, in the same run. The limit: ingestion end to end at 0.8x or more of parsing alone on the server, 0.5x on PGlite.',
    '',
    table,
  ]);
  console.log(`recorded in ${path.relative(process.cwd(), REPORT)}`);
}
