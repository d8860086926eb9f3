/**
 * npm run bench:reads-during-ingest [-- --rate 40 --idle-seconds 30 --input FOLDER
 *                                     --database-url URL --no-record]
 *
 * The server's limit (docs/benchmarks.md): the API's p99 while `npm run ingest` of the whole
 * real corpus runs stays within 2× of its p99 when idle. Method, on a fresh database on the
 * PostgreSQL server:
 * 1. seed: `npm run ingest -- sample-data` (the bundled sample, so the reads find data);
 * 2. the services as a deployment runs them: `start:api` (response cache off, so every read
 *    reaches the database in every phase alike rather than hitting the cache idle and missing
 *    it while each projector commit clears it; rate limits off) and `start:projector`;
 * 3. an open-loop load (--rate requests a second, sent on schedule whatever is in flight; see
 *    open-loop.ts) cycling over three reads: one fact (/v1/financials), a company search
 *    (/v1/companies?q=, 10 a page) and the newest daily candles of one company (/v1/prices):
 *    first --idle-seconds with nothing else running (after a 5 s warm-up), then for as long as
 *    `npm run ingest -- ../shared/data/real` runs in its own process, to its exit (its own
 *    final catch-up of the read tables included), then --idle-seconds idle again: the reads
 *    cost more on the whole corpus than on the seed, so the ingest is judged against the
 *    larger of the two idle p99s (the data grows from the one to the other while it runs);
 * 4. p50/p99 of each phase, the ratio against the limit 2×, the ingest's duration and the
 *    facts afterwards. For the cause of a difference: each phase's CPU seconds of the API,
 *    projector and ingest processes and of their PostgreSQL backends (/proc; a backend is
 *    the process's whose socket holds its client port), the machine's busy share
 *    (/proc/stat), the API's event-loop delay (event-loop-probe.ts), and pg_stat_activity
 *    sampled every 100 ms: what each role's backends were doing (idle, running, waiting on what).
 * The ingest runs with INGEST_NICE as set in this environment (its default on a server: 10).
 * Skips, saying so, when ../shared/data/real is absent. --input ingests another folder instead
 * (a quick check of the benchmark itself; the record then names it). --database-url runs on
 * that (empty) database instead of a new one, and keeps it.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { FACTS } from '#projections/facts';
import { openPgPool } from '#platform/db-engines';
import { createKey } from '#serve/access';
import { hasSharedData, SHARED_DATA } from '../test/support/shared-data.ts';
import { openLoop, type OpenLoopResult, type ProbeRequest } from './open-loop.ts';
import { cpuSecondsOf, freePort, measureScript, script, spawnScript, stopChild, waitForHttp } from './processes.ts';
import { machine, percentile, recordSection, REPORT } from './report.ts';
import { serverVersion, withServerDatabase } from './server-database.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '40' },
    'idle-seconds': { type: 'string', default: '30' },
    input: { type: 'string' },
    'database-url': { type: 'string' },
    'no-record': { type: 'boolean', default: false },
  },
});
const INPUT = values.input === undefined ? SHARED_DATA : path.resolve(values.input);
const INPUT_NAME = values.input === undefined ? '../shared/data/real' : values.input;
const LIMIT_RATIO = 2;
/** The real corpus's facts: 146,231 of the reported concepts and 3,490 filings' face value per share (the count of parser versions 3 and 4). */
const REAL_FACTS = 149_721;
const READS = [
  { label: 'one fact', path: '/v1/financials?ticker=TCS&concept=Revenue&limit=1' },
  { label: 'company search', path: '/v1/companies?q=tata&limit=10' },
  { label: 'daily prices', path: '/v1/prices?ticker=RELIANCE&limit=30' },
] as const;
const log = (message: string) => process.stderr.write(`[bench:reads-during-ingest] ${message}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (values.input === undefined && !hasSharedData) {
  console.error('bench:reads-during-ingest skipped: ../shared/data/real (the real corpus) is not present');
  process.exit(0);
}

type Role = 'api' | 'projector' | 'ingest';

/** The local TCP ports of a process's sockets (its database connections among them), from /proc. */
async function localPorts(pid: number): Promise<Set<number>> {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  const inodes = new Set<string>();
  for (const fd of fds) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (inodes.has(fields[9] ?? '')) ports.add(parseInt((fields[1] ?? '').split(':')[1] ?? '', 16));
    }
  }
  return ports;
}

/** Busy and total jiffies of the whole machine so far (/proc/stat). */
async function machineTicks(): Promise<{ busy: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const ticks = line.split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((sum, n) => sum + n, 0);
  return { busy: total - idle, total };
}

/**
 * Samples pg_stat_activity every 100 ms while a phase runs: the state of each backend of
 * the database by the role of the process it serves, and each backend's CPU seconds (first
 * and last seen), plus the CPU of the service processes themselves.
 */
class ActivitySampler {
  readonly states = new Map<Role, Map<string, number>>();
  readonly backendCpu = new Map<number, { role: Role; first: number; last: number }>();
  readonly processCpu = new Map<Role, { first: number; last: number }>();
  samples = 0;
  private stopped = false;
  private running: Promise<void> | undefined;

  private readonly client: pg.Client;
  private readonly processes: () => ReadonlyMap<Role, number | undefined>;

  constructor(client: pg.Client, processes: () => ReadonlyMap<Role, number | undefined>) {
    this.client = client;
    this.processes = processes;
  }

  start(): void {
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      // A backend serves the process whose socket has its client port (pools open and close connections).
      const roleOfPort = new Map<number, Role>();
      for (const [role, pid] of this.processes()) {
        if (pid !== undefined) for (const port of await localPorts(pid)) roleOfPort.set(port, role);
      }
      const { rows } = await this.client.query<{ pid: number; port: number; state: string | null; wait: string | null }>(
        `select pid, client_port as port, state, wait_event_type || ':' || wait_event as wait from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      this.samples += 1;
      for (const row of rows) {
        const role = roleOfPort.get(row.port);
        if (role === undefined) continue;
        const key = row.state === 'active' ? `active ${row.wait ?? 'running'}` : (row.state ?? 'unknown');
        const counts = this.states.get(role) ?? new Map<string, number>();
        counts.set(key, (counts.get(key) ?? 0) + 1);
        this.states.set(role, counts);
        const cpu = await cpuSecondsOf(row.pid);
        if (cpu === null) continue;
        const seen = this.backendCpu.get(row.pid);
        this.backendCpu.set(row.pid, { role, first: seen?.first ?? cpu, last: cpu });
      }
      for (const [role, pid] of this.processes()) {
        const cpu = pid === undefined ? null : await cpuSecondsOf(pid);
        if (cpu === null) continue;
        const seen = this.processCpu.get(role);
        this.processCpu.set(role, { first: seen?.first ?? cpu, last: cpu });
      }
      await sleep(100);
    }
  }

  /** CPU seconds of a role's process and of its backends over the phase. */
  cpu(role: Role): { process: number; backends: number } {
    const spent = (entry: { first: number; last: number } | undefined) => (entry ? entry.last - entry.first : 0);
    const backends = [...this.backendCpu.values()].filter((b) => b.role === role).reduce((sum, b) => sum + spent(b), 0);
    return { process: spent(this.processCpu.get(role)), backends };
  }

  /** What a role's backends were doing, as shares of their samples, most frequent first. */
  stateShares(role: Role): string {
    const counts = [...(this.states.get(role) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    return counts
      .filter(([, n]) => n / total >= 0.005)
      .map(([state, n]) => `${state} ${Math.round((100 * n) / total)}%`)
      .join(', ');
  }
}

interface Phase {
  readonly name: string;
  readonly seconds: number;
  readonly load: OpenLoopResult;
  readonly sampler: ActivitySampler;
  readonly machineBusy: number;
  readonly eventLoop: { maxMs: number; p99Ms: number; meanMs: number };
}

interface Services {
  readonly base: string;
  readonly key: string;
  readonly api: ChildProcess;
  readonly eventLoopFile: string;
  readonly monitor: pg.Client;
  readonly processes: Map<Role, number | undefined>;
}

/** Runs the read load while `until` runs (a timer, or the ingest), sampling what the processes and backends do. */
async function phase(services: Services, name: string, until: () => Promise<unknown>): Promise<Phase> {
  const everyMs = 1000 / Number(values.rate);
  const headers = { 'x-api-key': services.key };
  const next = (i: number): ProbeRequest => {
    const read = READS[i % READS.length] ?? READS[0];
    return { url: `${services.base}${read.path}`, headers, label: read.label };
  };
  services.api.kill('SIGUSR2'); // the event-loop probe starts afresh
  const sampler = new ActivitySampler(services.monitor, () => services.processes);
  sampler.start();
  const ticksBefore = await machineTicks();
  const started = performance.now();
  const done = until();
  const load = await openLoop(next, everyMs, done);
  await done;
  const seconds = (performance.now() - started) / 1000;
  const ticksAfter = await machineTicks();
  await sampler.stop();
  await sleep(1100); // the probe writes every second
  const eventLoop = JSON.parse(await readFile(services.eventLoopFile, 'utf8')) as Phase['eventLoop'];
  const machineBusy = (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total);
  log(`${name}: ${seconds.toFixed(1)} s, p50 ${fixed(percentile(load.latencies, 50))} ms, p99 ${fixed(percentile(load.latencies, 99))} ms`);
  return { name, seconds, load, sampler, machineBusy, eventLoop };
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

async function measure(url: string): Promise<{
  idle: Phase;
  ingesting: Phase;
  after: Phase;
  ingest: { seconds: number; code: number | null; stdout: string };
  facts: number;
}> {
  const env = { DATABASE_URL: url };
  log(`seeding with the bundled sample; load average ${loadAverage()}`);
  const seed = await measureScript('services/ingest/main.ts', [script('sample-data')], env);
  if (seed.code !== 0) throw new Error(`the sample's ingest exited ${seed.code}:\n${seed.stdout}`);
  log(`seeded in ${seed.seconds.toFixed(1)} s`);
  const keys = await openPgPool(url, { max: 1 });
  const { key } = await createKey(keys, { workspace: { name: 'bench' }, name: 'bench:reads-during-ingest', scopes: ['read'] });
  await keys.close();

  const tmp = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-reads-'));
  const eventLoopFile = path.join(tmp, 'event-loop.json');
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = spawnScript(
    'services/api/main.ts',
    [],
    {
      ...env,
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: 'off',
      MONTHLY_ALLOWANCE: 'off',
      RESPONSE_CACHE_SIZE: 'off',
      EVENT_LOOP_PROBE_FILE: eventLoopFile,
    },
    'inherit',
    ['bench/event-loop-probe.ts'],
  );
  const children: ChildProcess[] = [api];
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  try {
    await waitForHttp(`${base}/health`, 60_000);
    for (const read of READS) {
      const response = await fetch(`${base}${read.path}`, { headers: { 'x-api-key': key } });
      const body = (await response.json()) as { data?: unknown };
      const size = Array.isArray(body.data) ? body.data.length : 0;
      if (response.status !== 200 || size === 0) throw new Error(`${read.path} answered ${response.status} with ${size} items`);
    }
    const processes = new Map<Role, number | undefined>([['api', api.pid]]);
    const services: Services = { base, key, api, eventLoopFile, monitor, processes };
    log('warming up the API');
    await phase(services, 'warm-up', () => sleep(5_000));
    const projector = spawnScript('services/projector/main.ts', [], env);
    children.push(projector);
    processes.set('projector', projector.pid);
    await sleep(5_000);

    const idle = await phase(services, 'idle', () => sleep(Number(values['idle-seconds']) * 1000));
    log(`ingesting ${INPUT}; load average ${loadAverage()}`);
    let ingest: { seconds: number; code: number | null; stdout: string } | undefined;
    const ingesting = await phase(services, 'during the ingest', async () => {
      const started = performance.now();
      const child = spawnScript('services/ingest/main.ts', [INPUT], env, 'pipe');
      children.push(child);
      processes.set('ingest', child.pid);
      let stdout = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      const [code] = (await once(child, 'exit')) as [number | null];
      ingest = { seconds: (performance.now() - started) / 1000, code, stdout };
    });
    if (!ingest) throw new Error('the ingest did not run');
    log(`ingest exited ${ingest.code} after ${ingest.seconds.toFixed(1)} s:\n${ingest.stdout.trim()}`);
    const { rows } = await monitor.query<{ n: string }>(`select count(*) as n from ${FACTS}`);
    // The reads cost more on the whole corpus than on the seed: idle again, on the data the ingest ends with.
    const after = await phase(services, 'idle after the ingest', () => sleep(Number(values['idle-seconds']) * 1000));
    return { idle, ingesting, after, ingest, facts: Number(rows[0]?.n ?? 0) };
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await monitor.end();
    await rm(tmp, { recursive: true, force: true });
  }
}

const loadBefore = loadAverage();
const run = async (url: string) => ({ engine: await serverVersion(url), result: await measure(url) });
const { engine, result } = await (values['database-url'] ? run(values['database-url']) : withServerDatabase(run));
const loadAfter = loadAverage();
const { idle, ingesting, after, ingest, facts } = result;
const p99 = (ph: Phase) => percentile(ph.load.latencies, 99);
// Judged against the idle p99 on the data the ingest ends with when that is the larger: during
// the ingest the reads run on data growing from the seed's to that.
const ratio = p99(ingesting) / Math.max(p99(idle), p99(after));

const p = (latencies: readonly number[], q: number) => fixed(percentile(latencies, q));
const statuses = (load: OpenLoopResult) =>
  [...load.statuses].map(([status, count]) => `${count.toLocaleString('en-US')} × ${status}`).join(', ') +
  (load.failures > 0 ? `, ${load.failures} unanswered` : '');
const cpu = (phase: Phase, role: Role) => {
  const { process: own, backends } = phase.sampler.cpu(role);
  return `${fixed(own)} + ${fixed(backends)}`;
};
const table = [
  '| phase | seconds | reads | p50 ms | p99 ms | max ms | p99 ms: one fact / search / prices | API event-loop delay p99 / max ms | CPU s, process + its backends: API / projector / ingest | machine busy |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...[idle, ingesting, after].map((ph) => {
    const byRead = READS.map((read) => p(ph.load.byLabel.get(read.label) ?? [], 99)).join(' / ');
    const roles = (['api', 'projector', 'ingest'] as const).map((role) => cpu(ph, role)).join(' / ');
    return `| ${ph.name} | ${fixed(ph.seconds)} | ${statuses(ph.load)} | ${p(ph.load.latencies, 50)} | ${p(ph.load.latencies, 99)} | ${p(ph.load.latencies, 100)} | ${byRead} | ${fixed(ph.eventLoop.p99Ms)} / ${fixed(ph.eventLoop.maxMs)} | ${roles} | ${Math.round(100 * ph.machineBusy)}% |`;
  }),
];
const verdict = `p99 during the ingest / the larger idle p99: **${fixed(ratio, 2)}×** (limit ${LIMIT_RATIO}×, ${ratio <= LIMIT_RATIO ? 'met' : 'missed'}); against idle on the seed alone ${fixed(p99(ingesting) / p99(idle), 2)}×.`;
const activity = [idle, ingesting, after].map(
  (ph) =>
    `- ${ph.name} (${ph.sampler.samples} samples): API backends ${ph.sampler.stateShares('api') || 'none'}; projector backends ${ph.sampler.stateShares('projector') || 'none'}${ph === ingesting ? `; ingest backends ${ph.sampler.stateShares('ingest') || 'none'}` : ''}.`,
);
const lines = [
  `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}, ${engine} on the same machine; load average before the run ${loadBefore}, after ${loadAfter}.`,
  `Command: \`npm run bench:reads-during-ingest\`: a fresh database seeded with \`npm run ingest -- sample-data\`; \`start:api\` (response cache off, so reads reach the database in every phase; rate limits off) and \`start:projector\` running; an open-loop load of ${values.rate} reads a second (sent on schedule whatever is in flight) cycling over ${READS.map((r) => `\`GET ${r.path}\``).join(', ')}; ${values['idle-seconds']} s idle, then while \`npm run ingest -- ${INPUT_NAME}\` runs in its own process (INGEST_NICE ${process.env.INGEST_NICE ?? 'at its default'}), to its exit, then ${values['idle-seconds']} s idle again on the data it leaves. Reads unanswered: no answer within 30 s.`,
  '',
  ...table,
  '',
  `${verdict} The ingest: ${fixed(ingest.seconds)} s, exit ${ingest.code}, ${facts.toLocaleString('en-US')} facts afterwards${values.input === undefined ? ` (the real corpus gives ${REAL_FACTS.toLocaleString('en-US')})` : ''}.`,
  '',
  'What the database connections were doing (pg_stat_activity every 100 ms, shares of the samples of each role\'s backends; "active running" is a statement on CPU or in I/O not reported as a wait):',
  ...activity,
];
console.log(lines.join('\n'));
if (!values['no-record']) {
  await recordSection('bench:reads-during-ingest', lines);
  console.log(`recorded in ${path.relative(process.cwd(), REPORT)}`);
}
