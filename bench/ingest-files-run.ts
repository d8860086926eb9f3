/**
 * One run over a folder, in its own process, printing one JSON line. Driven by
 * bench/ingest-files.ts. Either end-to-end ingestion (store, parse, append, project) into
 * the server database at --url, or into a fresh PGlite folder with --pglite; or, with
 * --parse-only, the same files read, detected and parsed into their events with no
 * database, on this thread or (--threads N) in N parse threads.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FACTS } from '#projections/facts';
import { parserRegistry } from '#ingest/formats/all-parsers';
import { loadConfig } from '#platform/config';
import { ingestInputs, createParsePool, parseFiles } from '#ingest/pipeline';
import { readInputs } from '#ingest/sources';
import { openIngestRuntime } from '#runtime/ingest-runtime';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    pglite: { type: 'boolean', default: false },
    input: { type: 'string' },
    workers: { type: 'string', default: '2' },
    threads: { type: 'string', default: '0' },
    'parse-only': { type: 'boolean', default: false },
  },
});
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function parseOnly(): Promise<void> {
  const threads = Number(values.threads);
  const pool = threads > 0 ? createParsePool({ threads, parsers: parserRegistry }) : undefined;
  const started = performance.now();
  const { files } = await readInputs([values.input ?? '']);
  let parsed = 0;
  let rejected = 0;
  let events = 0;
  await parseFiles(parserRegistry, files, {
    receivedAt: new Date().toISOString(),
    ...(pool ? { pool } : {}),
    onPrepared: (_document, prepared) => {
      if (prepared.outcome.status === 'parsed') parsed += 1;
      else rejected += 1;
      events += prepared.outcome.events;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  await pool?.close();
  const result = { files: files.length, parsed, rejected, failed: 0, events, facts: 0, ingestSeconds: seconds, seconds };
  process.stdout.write(`${JSON.stringify({ ...result, peakRssMb: peakRssMb() })}\n`);
}

async function ingest(): Promise<void> {
  const dataDir = values.pglite ? await mkdtemp(path.join(os.tmpdir(), 'imd-bench-pglite-')) : undefined;
  const runtime = await openIngestRuntime(
    loadConfig({
      ...(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: values.url }),
      INGEST_WORKERS: values.workers,
      INGEST_PARSE_THREADS: values.threads,
      LOG_LEVEL: 'warn',
      INGEST_SAMPLE: 'false',
    }),
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
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  const result = {
    files: summary.files,
    parsed: summary.parsed,
    rejected: summary.rejected,
    failed: summary.failed,
    events: summary.events,
    facts: Number(rows[0]?.n ?? 0),
    ingestSeconds: (ingested - started) / 1000,
    seconds,
  };
  process.stdout.write(`${JSON.stringify({ ...result, peakRssMb: peakRssMb() })}\n`);
}

await (values['parse-only'] ? parseOnly() : ingest());
