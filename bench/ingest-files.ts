/**
 * npm run bench:ingest-files [-- --companies 500 --years 10 --workers 2 --targets corpus,generated --no-write]
 *
 * Ingests real and generated exchange files end to end (store, parse, append, project) on
 * the PostgreSQL server, each run in its own process on a fresh database: the whole
 * `nse_filings/` corpus (when ../shared is present) and a generated dataset of the real
 * formats. Records files/s and facts/s in docs/benchmarks.md with the machine and the date.
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
const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '500' },
    years: { type: 'string', default: '10' },
    workers: { type: 'string', default: '2' },
    targets: { type: 'string', default: 'corpus,generated' },
    'no-write': { type: 'boolean', default: false },
  },
});

const RUNNER = fileURLToPath(new URL('./ingest-files-run.ts', import.meta.url));

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

async function ingestFolder(input: string): Promise<RunResult & { database: string }> {
  return withServerDatabase(async (url) => {
    const child = run(process.execPath, ['--import', 'tsx', RUNNER, '--url', url, '--input', input, '--workers', values.workers], {
      maxBuffer: 1 << 20,
    });
    child.child.stderr?.pipe(process.stderr);
    const { stdout } = await child;
    return { ...(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as RunResult), database: await serverVersion(url) };
  });
}

const targets = values.targets.split(',');
const results: Array<{ input: string } & RunResult & { database: string }> = [];

if (targets.includes('corpus')) {
  if (hasSharedData)
    results.push({ input: 'nse_filings/ corpus (real XBRL and listings)', ...(await ingestFolder(path.join(SHARED_DATA, 'nse_filings'))) });
  else console.error('skipping the corpus: ../shared/data/real is not present');
}
if (targets.includes('generated')) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-files-'));
  try {
    const started = performance.now();
    const { counts } = generateDataset({ companies: Number(values.companies), years: Number(values.years) }, createFolderWriter(dir));
    console.error(`generated ${counts.files} files, ${counts.facts} facts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    results.push({ input: `generated: ${values.companies} companies x ${values.years} years (all formats)`, ...(await ingestFolder(dir)) });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const table = [
  '| input | files | rejected | facts | seconds | files/s | facts/s | peak RSS MB |',
  '|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.input} | ${r.files.toLocaleString('en-US')} | ${r.rejected} | ${r.facts.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} | ${rate(r.files, r.seconds)} | ${rate(r.facts, r.seconds)} | ${r.peakRssMb} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);

if (!values['no-write'] && results.length > 0) {
  await recordSection('bench:ingest-files', [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}, ${results[0]?.database}.`,
    `Command: \`npm run bench:ingest-files\` (${values.workers} ingestion workers in one process, batches of 10 documents; a fresh database per input).`,
    '',
    'End to end: every file read, stored as received, parsed through the job queue, its events appended, then all read tables projected; the time runs from the first file read to the last projection. Facts are the rows of the bitemporal facts table afterwards. The target is at least 20,000 facts/s.',
    '',
    table,
  ]);
  console.log(`recorded in ${path.relative(process.cwd(), REPORT)}`);
}
