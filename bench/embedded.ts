/**
 * `npm run bench:embedded`: the standalone service (`npm start`, embedded PGlite) as a new
 * user meets it. The build `npm install` runs (`npm run build`) first, then `npm start` on a
 * new data folder, which ingests the bundled sample on this first start. Measured beside the
 * limits of docs/benchmarks.md:
 * - cold start: from spawning `npm start` to the first answered `GET /v1/` (at most 2 s);
 * - while the sample ingests: a read every 25 ms (open loop: sent on time, whatever is still
 *   in flight), its p99 at most 100 ms, from the first answer until /health reports the
 *   sample ingested and every projection caught up;
 * - the service process's peak resident memory (at most 300 MB), and its resident memory
 *   SETTLE_S seconds after the ingest settled (at most 200 MB).
 *
 * Flags: --runs N (starts measured, default 3), --no-record (print only).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openLoop } from './open-loop.ts';
import { freePort, rssOf, script, stopChild } from './processes.ts';
import { machine, percentile, recordSection } from './report.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, 'no-record': { type: 'boolean', default: false } },
});

const LIMITS = { coldStartS: 2, p99Ms: 100, peakRssMb: 300, settledRssMb: 200 };
const SETTLE_S = 15;
const PROBE_EVERY_MS = 25;
const PROBE_READ = '/v1/financials?ticker=TCS&concept=Revenue&limit=1';

interface Run {
  readonly coldStartS: number;
  readonly ingestS: number;
  readonly latencies: readonly number[];
  readonly failures: number;
  readonly statuses: ReadonlyMap<number, number>;
  readonly peakRssMb: number;
  readonly settledRssMb: number;
}

/** The node process `npm start` runs: the deepest descendant of the npm process. */
async function serviceProcess(npm: number): Promise<number | undefined> {
  let pid = npm;
  for (;;) {
    const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
    const next = Number(children.trim().split(/\s+/)[0]);
    if (!Number.isInteger(next) || next <= 0) return pid === npm ? undefined : pid;
    pid = next;
  }
}

async function answers(url: string, headers: Record<string, string> = {}): Promise<Response | undefined> {
  return fetch(url, { headers, signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
}

async function settled(base: string): Promise<void> {
  for (;;) {
    const health = (await (await answers(`${base}/health`))?.json().catch(() => undefined)) as { status?: string } | undefined;
    if (health?.status === 'ok') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The environment without DATABASE_URL: the embedded default is measured. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'DATABASE_URL'));
}

async function oneRun(): Promise<Run> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-embedded-'));
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: script(''),
    // Rate limits off: the probe's rate would otherwise be answered 429 from its second minute.
    env: { ...withoutDatabaseUrl(process.env), DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peakRssMb = 0;
  const sampler = setInterval(() => {
    void serviceProcess(child.pid ?? 0).then(async (pid) => {
      const rss = pid === undefined ? null : await rssOf(pid);
      if (rss && Number.isFinite(rss.peak)) peakRssMb = Math.max(peakRssMb, rss.peak);
    });
  }, 50);
  try {
    while ((await answers(`${base}/v1/`))?.ok !== true) {
      if (performance.now() - started > 120_000) throw new Error('npm start did not answer within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const coldStartS = (performance.now() - started) / 1000;
    const keyFile = path.join(dataDir, 'first-api-key');
    while (!existsSync(keyFile)) await new Promise((resolve) => setTimeout(resolve, 10));
    const key = readFileSync(keyFile, 'utf8').trim();
    const ingestStarted = performance.now();
    const done = settled(base);
    // Any answer counts: a 503 before the first filing is projected is the contract's.
    const read = { url: `${base}${PROBE_READ}`, headers: { authorization: `Bearer ${key}` } };
    const { latencies, failures, statuses } = await openLoop(() => read, PROBE_EVERY_MS, done);
    const ingestS = (performance.now() - ingestStarted) / 1000;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    const service = await serviceProcess(child.pid ?? 0);
    const settledRssMb = (service === undefined ? null : await rssOf(service))?.current ?? NaN;
    return { coldStartS, ingestS, latencies, failures, statuses, peakRssMb, settledRssMb };
  } finally {
    clearInterval(sampler);
    // The service itself is stopped (npm does not pass SIGTERM on); npm exits after it.
    const service = await serviceProcess(child.pid ?? 0);
    if (service !== undefined) process.kill(service, 'SIGTERM');
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

function table(runs: readonly Run[]): string[] {
  const rows = runs.map((run, index) => {
    const p = (q: number) => fixed(percentile(run.latencies, q));
    const statuses = [...run.statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
    return `| ${index + 1} | ${fixed(run.coldStartS, 2)} | ${fixed(run.ingestS)} | ${statuses} | ${p(50)} | ${p(99)} | ${fixed(Math.max(...run.latencies))} | ${run.failures} | ${run.peakRssMb} | ${run.settledRssMb} |`;
  });
  return [
    `| run | cold start s | ingest s | reads answered | p50 ms | p99 ms | max ms | reads unanswered | peak RSS MB | RSS MB ${SETTLE_S} s after |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    `| limit | ${LIMITS.coldStartS} | — | — | — | ${LIMITS.p99Ms} | — | 0 | ${LIMITS.peakRssMb} | ${LIMITS.settledRssMb} |`,
  ];
}

const buildStarted = performance.now();
execFileSync('npm', ['run', '--silent', 'build'], { cwd: script(''), stdio: 'inherit' });
const buildS = (performance.now() - buildStarted) / 1000;
const runs: Run[] = [];
for (let run = 0; run < Number(values.runs); run += 1) {
  runs.push(await oneRun());
  console.log(table(runs).at(-2));
}
const lines = [
  `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; load average before the runs ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}.`,
  `Command: \`npm run bench:embedded\`: \`npm run build\` (what \`npm install\` runs; ${fixed(buildS)} s here), then ${runs.length} first starts of \`npm start\` on a new data folder each (embedded PGlite, the bundled sample ingested on that start). Cold start runs from spawning \`npm start\` to the first answered \`GET /v1/\`. While the sample ingests, \`GET ${PROBE_READ}\` with the start's key is sent every ${PROBE_EVERY_MS} ms whatever is in flight, from the first answer until /health reports the sample ingested and every projection caught up. Peak RSS is the service process's (VmHWM), worker threads included; the last column its RSS ${SETTLE_S} s after the ingest settled.`,
  '',
  ...table(runs),
];
console.log(lines.join('\n'));
if (!values['no-record']) await recordSection('bench:embedded', lines);
