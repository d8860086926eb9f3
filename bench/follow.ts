/**
 * npm run bench:follow [-- --minutes 60 --every 10 --settle 120 --no-write]
 *
 * Memory of a service that follows the exchanges: `npm start` on a new data folder (embedded
 * PGlite, the bundled sample ingested on start) with `SYNC=on`, pointed at the loopback exchange
 * replay (its whole corpus: ../shared when present), left to follow the schedule for `--minutes`.
 * Its resident memory (the process with its threads) is sampled every `--every` seconds from
 * `--settle` seconds after the sample's ingest; recorded in docs/benchmarks.md are the memory at the start and end
 * of the run, each quarter's range, the least-squares slope, and what the follower fetched.
 * The limit (issue 32): a sync following for an hour does not grow.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '#platform/db-engines';
import { loadConfig } from '#platform/config';
import { startExchangeReplay } from '../test/support/exchange-replay/index.ts';
import { freePort, rssOf, spawnScript, stopChild, waitForHttp } from './processes.ts';
import { machine, recordSection } from './report.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    every: { type: 'string', default: '10' },
    settle: { type: 'string', default: '120' },
    'no-write': { type: 'boolean', default: false },
  },
});
const minutes = Number(values.minutes);
const every = Number(values.every);
const settle = Number(values.settle);
if (!(minutes > 0 && every > 0 && settle >= 0)) throw new Error('--minutes and --every take positive numbers, --settle zero or more');

const log = (line: string) => console.error(`[bench:follow] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

interface Health {
  readonly status: string;
  readonly documents?: { readonly queued: number; readonly inFlight: number; readonly sample?: string };
  readonly sync?: { readonly following: boolean };
}

/** Waits (bounded) until the service has ingested its sample and holds nothing queued. */
async function settled(base: string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const health = (await fetch(`${base}/health`).then((r) => r.json())) as Health;
    if (health.documents?.sample === 'done' && health.documents.queued === 0 && health.documents.inFlight === 0) return;
    if (Date.now() > deadline) throw new Error('the sample did not settle within 10 minutes');
    await sleep(1000);
  }
}

/** The least-squares slope of `y` over `x`. */
function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

const loadBefore = loadAverage();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-follow-'));
const replay = await startExchangeReplay();
const port = freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawnScript('services/standalone/main.ts', [], {
  ...replay.urls,
  DATA_DIR: dataDir,
  PORT: String(port),
  DATABASE_URL: undefined,
  SYNC: 'on',
});
const samples: { minute: number; rss: number }[] = [];
let peak = 0;
try {
  if (child.pid === undefined) throw new Error('npm start did not start');
  const pid = child.pid;
  await waitForHttp(`${base}/health`);
  await settled(base);
  const following = ((await fetch(`${base}/health`).then((r) => r.json())) as Health).sync?.following;
  if (!following) throw new Error('/health says the service is not following');
  // The sample's ingest leaves garbage to collect and caches to trim: the run starts after it.
  await sleep(settle * 1000);
  const requestsBefore = replay.requests.length;
  log(`sample ingested ${settle} s ago; following for ${minutes} min, memory every ${every} s; load average ${loadAverage()}`);
  const started = Date.now();
  while (Date.now() - started < minutes * 60_000) {
    const rss = await rssOf(pid);
    if (!rss) throw new Error('the service exited');
    samples.push({ minute: (Date.now() - started) / 60_000, rss: rss.current });
    peak = Math.max(peak, rss.peak);
    if (samples.length % Math.max(1, Math.round(600 / every)) === 1) log(`${samples.at(-1)?.minute.toFixed(1)} min: ${rss.current} MB`);
    await sleep(every * 1000);
  }
  const health = (await fetch(`${base}/health`).then((r) => r.json())) as Health;
  await stopChild(child);
  const requests = replay.requests.slice(requestsBefore);
  const db = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
  const stored = await db
    .query<{ n: number }>(`select count(*)::int as n from raw_documents`)
    .then((r) => r.rows[0]?.n ?? 0)
    .finally(() => db.close());

  const quarter = (q: number) =>
    samples.filter((s) => s.minute >= (q * minutes) / 4 && s.minute < ((q + 1) * minutes) / 4).map((s) => s.rss);
  const range = (rss: number[]) => (rss.length === 0 ? '—' : `${Math.min(...rss)}–${Math.max(...rss)}`);
  const first = samples[0]?.rss ?? 0;
  const last = samples.at(-1)?.rss ?? 0;
  const perHour = slope(samples.map((s) => ({ x: s.minute / 60, y: s.rss })));
  const byStatus = new Map<string, number>();
  for (const r of requests) byStatus.set(`${r.host} ${r.status}`, (byStatus.get(`${r.host} ${r.status}`) ?? 0) + 1);
  const fetched = [...byStatus].map(([key, n]) => `${key}: ${n}`).join(', ');
  const lines = [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; load average before ${loadBefore}, after ${loadAverage()}.`,
    `Command: \`npm run bench:follow -- --minutes ${minutes}\`: \`npm start\` on a new data folder (embedded PGlite; the bundled sample ingested first) with \`SYNC=on\` and the four base URLs of the loopback exchange replay (test/support/exchange-replay, its whole corpus), following the schedule (docs/sync.md) from ${new Date(started).toISOString().slice(11, 16)} UTC for ${minutes} minutes. Resident memory of the service's process (its threads included) every ${every} s from ${settle} s after the sample's ingest. Limit: a sync following for an hour does not grow.`,
    '',
    '| minutes | first quarter MB | second | third | fourth | start MB | end MB | slope MB/hour | peak RSS MB (whole run) |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${minutes} | ${range(quarter(0))} | ${range(quarter(1))} | ${range(quarter(2))} | ${range(quarter(3))} | ${first} | ${last} | ${perHour.toFixed(1)} | ${peak} |`,
    '',
    `What the follower did in the run: ${requests.length.toLocaleString('en-US')} requests to the replay (host and status: ${fetched || 'none'}); ${stored} documents held at the end (the sample's included); /health at the end: ${health.status}, following ${String(health.sync?.following)}.`,
  ];
  console.log(lines.join('\n'));
  if (!values['no-write']) await recordSection('bench:follow', lines);
} finally {
  await stopChild(child).catch(() => undefined);
  await replay.close();
  await rm(dataDir, { recursive: true, force: true });
}
