// npm run sync -- --from YYYY-MM-DD [--to YYYY-MM-DD] [--datasets a,b,...] [--dry-run]
// npm run sync -- --follow [--datasets a,b,...]
// npm run sync -- status
// npm run sync -- ... --relay URL --key K
// Fetches the exchanges' publications at their own URLs and ingests them (docs/sync.md).
import { parseArgs } from 'node:util';
import { loadConfig } from '#platform/config';
import { migrate } from '#platform/db';
import { openDatabase } from '#platform/db-engines';
import { DataDirBusyError } from '#platform/errors';
import {
  createLocalSink,
  type DocumentSink,
  createRelaySink,
  uploadDocument,
  istToday,
  datasetStandings,
  selectDatasets,
  DATASETS,
} from '#ingest/sync';
import { openIngestRuntime } from '#runtime/ingest-runtime';
import { openSync } from '#runtime/sync-runtime';
import { createSyncProgressBar, printStatus, printSyncSummary } from './report.ts';

const USAGE = `usage: npm run sync -- --from YYYY-MM-DD [--to YYYY-MM-DD] [--datasets a,b,...] [--dry-run]
       npm run sync -- --follow [--datasets a,b,...]
       npm run sync -- status
       add --relay URL --key K to upload to another service's POST /v1/documents instead of ingesting here
datasets: ${DATASETS.map((d) => d.name).join(', ')}`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    datasets: { type: 'string' },
    follow: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    relay: { type: 'string' },
    key: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const fail = (message: string): never => {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
};
const isDate = (text: string | undefined) => text !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const command = positionals[0];
if (command !== undefined && command !== 'status') fail(`unknown command: ${command}`);
const { datasets, unknown } = selectDatasets(values.datasets?.split(',').map((name) => name.trim()));
if (unknown.length > 0) fail(`not datasets: ${unknown.join(', ')}`);
if (command !== 'status' && !values.follow && !values.from) fail('--from or --follow is required');
if (values.from !== undefined && !isDate(values.from)) fail(`--from: not a date: ${values.from}`);
if (values.to !== undefined && !isDate(values.to)) fail(`--to: not a date: ${values.to}`);
if ((values.relay === undefined) !== (values.key === undefined)) fail('--relay and --key go together');
const today = istToday(Date.now());
const from = values.from ?? today;
const to = values.to ?? today;
if (from > to) fail(`--from ${from} is after --to ${to}`);

const config = loadConfig(process.env);
const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nstopping: the unit under way is finished or left for the next run`);
    controller.abort();
  });
}

if (command === 'status' || values['dry-run']) {
  // Neither fetches nor ingests: the database is opened for progress (and symbols) only.
  const db = await openDatabase(config).catch((error: unknown) => {
    if (error instanceof DataDirBusyError)
      fail(`the service (process ${error.ownerPid}) holds ${config.dataDir}: stop it, or ask its /health`);
    throw error;
  });
  await migrate(db);
  if (command === 'status') {
    printStatus(
      await datasetStandings(db),
      datasets.map((d) => d.name),
    );
  } else {
    const sync = openSync(config, db, { deliver: () => Promise.reject(new Error('a dry run delivers nothing')) });
    for (const { dataset, units } of await sync.plan(datasets, from, to)) {
      const settled = await sync.progress.settled(
        dataset.name,
        units.map((u) => u.key),
      );
      for (const unit of units) {
        for (const url of dataset.urls(unit, sync.io))
          console.log(`${dataset.name}\t${unit.key}\t${settled.has(unit.key) ? 'done' : 'to fetch'}\t${url}`);
      }
    }
  }
  await db.close();
  process.exit(0);
}

async function run(sink: DocumentSink, db: Parameters<typeof openSync>[1], close: () => Promise<void>) {
  const started = Date.now();
  const sync = openSync(config, db, sink, { signal: controller.signal });
  if (values.follow) {
    console.error(`following ${datasets.map((d) => d.name).join(', ')} (Ctrl-C to stop)`);
    if (values.from) printSyncSummary(await sync.backfill(datasets, from, to), (Date.now() - started) / 1000);
    await sync.follow(datasets, (error) => console.error(`sync: ${error.message}`));
    await close();
    process.exit(0);
  }
  const total = (await sync.plan(datasets, from, to)).reduce((sum, plan) => sum + plan.units.length, 0);
  const bar = createSyncProgressBar(total);
  const reports = await sync.backfill(datasets, from, to);
  bar.stop();
  printSyncSummary(reports, (Date.now() - started) / 1000);
  await close();
  const failing = reports.filter((r) => r.outcome === 'blocked' || r.outcome === 'failed').length;
  process.exit(Math.min(failing, 100));
}

if (values.relay && values.key) {
  const relay = values.relay;
  const key = values.key;
  const db = await openDatabase(config);
  await migrate(db);
  await run(
    createRelaySink(db, (document) => uploadDocument(relay, key, document)),
    db,
    () => db.close(),
  );
} else {
  const runtime = await openIngestRuntime(config).catch((error: unknown) => {
    if (error instanceof DataDirBusyError) {
      fail(
        `the service (process ${error.ownerPid}) holds ${config.dataDir}: stop it, start it with SYNC=on, or relay to it with --relay http://HOST:PORT --key <a key with the ingest scope>`,
      );
    }
    throw error;
  });
  const sink = createLocalSink(runtime.ingestion.deps, config.ingestLimits);
  await run(sink, runtime.db, async () => {
    await runtime.project();
    await runtime.close();
  });
}
