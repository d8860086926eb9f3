// npm run snapshot -- --as-of <time> --out <dir> [--datasets <name,...>] [--adjust none|splits|all]
// npm run snapshot -- --monthly <from> <to> --out <dir> [...]
// Writes every dataset as known at a point in time as Parquet files, with manifest.json
// (docs/bulk.md). Exit status: 0 written, 1 failed, 2 bad arguments.
import { readFileSync } from 'node:fs';
import { loadConfig } from '#platform/config';
import { migrate } from '#platform/db';
import { openDatabase } from '#platform/db-engines';
import { DataDirBusyError } from '#platform/errors';
import { packagePath } from '#platform/package-root';
import { parseSnapshotArguments, SNAPSHOT_USAGE, writeSnapshots } from '#runtime/snapshot';

const argv = process.argv.slice(2);
const parsed = parseSnapshotArguments(argv);
if (!parsed.ok) {
  console.error(`${parsed.message}\n${SNAPSHOT_USAGE}`);
  process.exit(2);
}
if (parsed.value.help) {
  console.log(SNAPSHOT_USAGE);
  process.exit(0);
}
const { targets, datasets, adjust } = parsed.value;
const pkg = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { name: string; version: string };
// The record read is the one at the start; rows recorded during the run are the projections' to add.
const recordedAsOf = new Date().toISOString();

const config = loadConfig(process.env);
const db = await openDatabase(config).catch((error: unknown) => {
  if (error instanceof DataDirBusyError) {
    console.error(`the service (process ${error.ownerPid}) holds ${config.dataDir}: stop it, or run the snapshot against DATABASE_URL`);
  } else {
    console.error(`snapshot: cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});

const started = performance.now();
let rows = 0;
const ok = await (async () => {
  await migrate(db);
  await writeSnapshots(db, targets, {
    datasets,
    adjust,
    recordedAsOf,
    service: { name: pkg.name, version: pkg.version },
    arguments: argv,
    pageSize: 2000,
    onFile: (file, dir, ms) => {
      rows += file.rows;
      const how = file.reused_from ? `reused ${file.reused_from}` : `${(ms / 1000).toFixed(1)} s`;
      console.log(`${dir}/${file.file}: ${file.rows.toLocaleString('en')} rows, ${file.bytes.toLocaleString('en')} bytes (${how})`);
    },
  });
  return true;
})().catch((error: unknown) => {
  console.error(`snapshot failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return false;
});
await db.close().catch(() => undefined);
if (ok) {
  const seconds = (performance.now() - started) / 1000;
  console.log(`${targets.length} snapshot(s), ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s`);
}
process.exit(ok ? 0 : 1);
