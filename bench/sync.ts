/**
 * npm run bench:sync [-- --from 2024-10-01 --to 2025-03-31 --datasets nse-results,nse-bhavcopy-full]
 *
 * Backfills a range from the loopback exchange replay (its whole corpus: ../shared when present)
 * with `npm run sync` at the default per-host budgets, on a fresh PGlite folder, then ingests
 * the very documents the sync stored with `npm run ingest` on another fresh folder, in the same
 * run: documents per second and peak RSS of each, side by side with the limit (sync at 0.8x or
 * more of the ingest's rate: fetching must not be the bottleneck). Recorded in docs/benchmarks.md.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { openDatabase } from '#platform/db-engines';
import { loadConfig } from '#platform/config';
import { listRawDocuments, loadRawDocuments } from '#ingest/pipeline';
import { startExchangeReplay } from '../test/support/exchange-replay/index.ts';
import { machine, recordSection, REPORT } from './report.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '2024-10-01' },
    to: { type: 'string', default: '2025-03-31' },
    datasets: { type: 'string', default: 'nse-results,nse-integrated-filing,nse-bhavcopy-full,nse-bhavcopy-legacy,nse-reference' },
    'no-write': { type: 'boolean', default: false },
  },
});
const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');

/** Runs an npm script under /usr/bin/time: wall seconds, peak RSS (MB) and its output. */
async function timed(args: readonly string[], env: NodeJS.ProcessEnv) {
  const started = Date.now();
  const { stdout, stderr } = await run('/usr/bin/time', ['-f', 'peak-rss-kb %M', 'npm', 'run', '-s', ...args], {
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
  const rss = Number(/peak-rss-kb (\d+)/.exec(stderr)?.[1] ?? 0) / 1024;
  return { seconds: (Date.now() - started) / 1000, rssMb: rss, stdout };
}

const root = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-sync-'));
const replay = await startExchangeReplay({ burst429: false });
try {
  const base = { DATABASE_URL: '', INGEST_SAMPLE: 'false', LOG_LEVEL: 'warn' };
  const syncDir = path.join(root, 'sync');
  const sync = await timed(['sync', '--', '--from', values.from, '--to', values.to, '--datasets', values.datasets], {
    ...base,
    ...replay.urls,
    DATA_DIR: syncDir,
  });
  // The documents the sync stored, as files, for the same ingest by hand.
  const files = path.join(root, 'files');
  await mkdir(files);
  const db = await openDatabase(loadConfig({ DATA_DIR: syncDir }));
  const listed = await listRawDocuments(db);
  for (const { documentId } of listed) {
    const [document] = await loadRawDocuments(db, [documentId]);
    if (!document) continue;
    const name = path.basename(document.fileName.replace(/\.zip\//, '_'));
    await writeFile(path.join(files, `${documentId.slice(0, 8)}_${name}`), document.bytes);
  }
  await db.close();
  const ingest = await timed(['ingest', '--', files], { ...base, DATA_DIR: path.join(root, 'ingest') });
  const documents = listed.length;
  const syncRate = documents / sync.seconds;
  const ingestRate = documents / ingest.seconds;
  const line = (name: string, r: { seconds: number; rssMb: number }, docsPerSecond: number) =>
    `| ${name} | ${documents.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} | ${docsPerSecond.toFixed(1)} | ${Math.round(r.rssMb)} |`;
  const table = [
    '| run | documents | seconds | documents/s | peak RSS (MB) |',
    '|---|---|---|---|---|',
    line('`npm run sync` from the replay', sync, syncRate),
    line('`npm run ingest` of the same documents', ingest, ingestRate),
  ].join('\n');
  const ratio = syncRate / ingestRate;
  console.log(`${table}\nsync at ${ratio.toFixed(2)}x of ingest (limit 0.8x)`);
  if (!values['no-write']) {
    await recordSection('bench:sync', [
      `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; load average before the run ${loadBefore}.`,
      `Command: \`npm run bench:sync -- --from ${values.from} --to ${values.to} --datasets ${values.datasets}\`: \`npm run sync\` against the loopback exchange replay (its whole corpus) at the default per-host budgets (NSE API 3/s, NSE archives 2/s, BSE 1/s), then \`npm run ingest\` of the documents it stored, each on a fresh PGlite folder, each process timed from start to exit.`,
      '',
      table,
      '',
      `Sync at ${ratio.toFixed(2)}x of the ingest of the same documents; the limit is 0.8x. ${
        ratio >= 0.8
          ? 'Within it.'
          : 'Below it: at these budgets the fetching, not the parsing, bounds a backfill (one request per document, each host at its budget); a backfill of many years is bounded by the exchanges’ rate, not the service.'
      }`,
    ]);
    console.log(`recorded in ${path.relative(process.cwd(), REPORT)}`);
  }
} finally {
  await replay.close();
  await rm(root, { recursive: true, force: true });
}
