/**
 * One end-to-end ingestion run (parse, append, project) of a folder into the server
 * database at --url, in its own process. Prints one JSON line. Driven by
 * bench/ingest-files.ts.
 */
import { parseArgs } from 'node:util';
import { FACTS } from '../projections/facts/tables.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ingestInputs } from '../src/ingest/pipeline/ingest-inputs.ts';
import { readInputs } from '../src/ingest/pipeline/sources/read-inputs.ts';
import { openIngestRuntime } from '../src/runtime/ingest-runtime.ts';

const { values } = parseArgs({
  options: { url: { type: 'string' }, input: { type: 'string' }, workers: { type: 'string', default: '2' } },
});
const runtime = await openIngestRuntime(
  loadConfig({ DATABASE_URL: values.url, INGEST_WORKERS: values.workers, LOG_LEVEL: 'warn', INGEST_SAMPLE: 'false' }),
);
const started = performance.now();
const { files } = await readInputs([values.input ?? '']);
let lastReport = 0;
const summary = await ingestInputs(runtime.ingestion.deps, files, {
  source: 'bench',
  onProgress: (p) => {
    if (Date.now() - lastReport < 5_000) return;
    lastReport = Date.now();
    process.stderr.write(`  ${p.done}/${p.total} documents, ${p.rows} rows, ${p.events} events\n`);
  },
});
const ingested = performance.now();
await runtime.project();
const seconds = (performance.now() - started) / 1000;
const { rows } = await runtime.db.query<{ n: number }>(`select count(*)::int8 as n from ${FACTS}`);
await runtime.close();
process.stdout.write(
  `${JSON.stringify({
    files: summary.files,
    parsed: summary.parsed,
    rejected: summary.rejected,
    failed: summary.failed,
    events: summary.events,
    facts: rows[0]?.n ?? 0,
    ingestSeconds: (ingested - started) / 1000,
    seconds,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  })}\n`,
);
