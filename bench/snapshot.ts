/**
 * npm run bench:snapshot [-- --database-url URL --companies N --quarters N --facts N --no-write]
 *
 * Writes a point-in-time snapshot of the bench:api set (2,000 companies; built on a new
 * database of the server unless --database-url holds it, as bench:api leaves it) with
 * `npm run snapshot`'s own process (services/snapshot/main.ts), as of now (every row of
 * the set); records its wall time, rows a second, peak RSS
 * and bytes per dataset from the manifest in docs/benchmarks.md.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COMPANIES } from '#projections/companies';
import { SnapshotManifestSchema } from '#schemas/read-models';
import type { Database } from '#platform/db';
import { openPgPool } from '#platform/db-engines';
import { buildApiDataset, DATASET_OPTIONS, datasetShape } from './api-dataset.ts';
import { measureScript } from './processes.ts';
import { machine, recordSection } from './report.ts';
import { SERVER_URL, serverVersion, withServerDatabase } from './server-database.ts';

const { values } = parseArgs({
  options: { ...DATASET_OPTIONS, 'database-url': { type: 'string' }, 'no-write': { type: 'boolean', default: false } },
});
const shape = datasetShape(values);
const log = (message: string) => process.stderr.write(`[bench:snapshot] ${message}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function holdsDataset(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ table: string | null }>(`select to_regclass($1)::text as table`, [COMPANIES]);
  if (!rows[0]?.table) return false;
  const counted = await db.query<{ n: number }>(`select count(*)::int as n from ${COMPANIES} where nse_symbol like 'BENCH%'`);
  return counted.rows[0]?.n === shape.companies;
}

interface Run {
  readonly asOf: string;
  readonly seconds: number;
  readonly peakRssMb: number | null;
  readonly files: ReadonlyArray<{ dataset: string; rows: number; bytes: number }>;
}

async function snapshotAt(url: string, asOf: string): Promise<Run> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-snapshot-'));
  try {
    log(`snapshot as of ${asOf}; load average ${loadAverage()}`);
    const run = await measureScript('services/snapshot/main.ts', ['--as-of', asOf, '--out', out], {
      DATABASE_URL: url,
      DATA_DIR: undefined,
    });
    if (run.code !== 0) throw new Error(`the snapshot exited with ${String(run.code)}`);
    const manifest = SnapshotManifestSchema.parse(JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')));
    const files = manifest.files.map((f) => ({ dataset: f.dataset, rows: f.rows, bytes: f.bytes }));
    return { asOf, seconds: run.seconds, peakRssMb: run.peakRssMb, files };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

async function measure(url: string): Promise<Run[]> {
  const db = await openPgPool(url, { max: 4 });
  try {
    if (!(await holdsDataset(db))) await buildApiDataset(db, shape, log);
  } finally {
    await db.close();
  }
  // As of now: every row of the set.
  return [await snapshotAt(url, new Date().toISOString())];
}

const external = values['database-url'];
const loadBefore = loadAverage();
const runs = external ? await measure(external) : await withServerDatabase(measure);
const loadAfter = loadAverage();
const engine = await serverVersion(external ?? SERVER_URL);

const sum = (run: Run, key: 'rows' | 'bytes') => run.files.reduce((total, f) => total + f[key], 0);
const n = (value: number) => value.toLocaleString('en-US');
const lines = runs.flatMap((run) => [
  `| ${run.asOf} | all | ${n(sum(run, 'rows'))} | ${n(sum(run, 'bytes'))} | ${run.seconds.toFixed(1)} | ${n(Math.round(sum(run, 'rows') / run.seconds))} | ${run.peakRssMb ?? '—'} |`,
  ...run.files.map((f) => `| | ${f.dataset} | ${n(f.rows)} | ${n(f.bytes)} | | | |`),
]);
const table = ['| as of | dataset | rows | bytes | seconds | rows/s | peak RSS MB |', '|---|---|---|---|---|---|---|', ...lines].join('\n');
console.log(`\n${table}\n\nload average before ${loadBefore}, after ${loadAfter}\n`);

if (!values['no-write']) {
  await recordSection('bench:snapshot', [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${engine} on the same machine; load average before ${loadBefore}, after ${loadAfter}.`,
    `Command: \`npm run bench:snapshot\`: \`npm run snapshot -- --as-of T --out DIR\` (its own process, every dataset, page size 2,000) over the bench:api set (${n(shape.companies)} companies × ${shape.quarters} quarters × ${shape.factsPerFiling} facts a filing), as of now (every row). Seconds are the process's wall time, start and migration check included; peak RSS is its high-water mark (VmHWM, sampled every 20 ms). Rows and bytes are the manifest's.`,
    '',
    table,
  ]);
}
