/**
 * npm run bench:resilience [-- --fuzz-requests N --seconds S --connections C --parts hostile,fuzz,public,recovery,slow-bodies,near-limit-csv,expensive-reads --no-write]
 *
 * What hostile input, load on the public routes and crashes cost, measured on this machine,
 * loopback only, every part bounded:
 * - hostile: the ingest command given a 1 GiB zip bomb, a 200 MB bhavcopy, 200 MB of random
 *   bytes and a folder holding a symlink, on the PostgreSQL server and on PGlite: wall time,
 *   peak RSS and what the command said, beside the command's cost on an empty folder;
 * - fuzz: N requests from the OpenAPI fuzz's generator over loopback to one API process on
 *   the server: statuses, 5xx and shape problems, and the API process's own worst event-loop
 *   delay (bench/event-loop-probe.ts) beside the 100 ms limit;
 * - public: `GET /v1/` and `/health` without a key (limit off, then the default per-address
 *   limit), and a keyed read alone and while `/v1/` is loaded;
 * - recovery: the bundled sample ingested by a `start:worker` process killed with SIGKILL
 *   mid-way and replaced, and projected by a `start:projector` killed the same way and
 *   restarted, each against an uninterrupted run, with the outcomes compared;
 * - slow-bodies, near-limit-csv, expensive-reads: what one client or one file can make the
 *   service do (bench/resilience-abuse.ts).
 * Records the results in docs/benchmarks.md.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import fc from 'fast-check';
import { PROJECTIONS } from '#projections';
import { BUNDLED_SAMPLE_DIR, DEFAULT_INGEST_LIMITS, DEFAULT_REQUEST_LIMITS, loadConfig } from '#platform/config';
import { type FuzzRequest, operationsOf, problemWith, requestsFor } from '../test/support/openapi-fuzz.ts';
import { type Database, migrate } from '#platform/db';
import { openPgPool } from '#platform/db-engines';
import { createDomainEventStore } from '#platform/event-store';
import { getProjectionStatus } from '#platform/projector';
import { parserRegistry } from '#ingest/formats/all-parsers';
import { ingestInputs } from '#ingest/pipeline';
import { readInputs } from '#ingest/sources';
import { contextProvidersFor } from '#runtime/context-providers';
import { startIngestion } from '#runtime/ingestion';
import { verdictOf, writeHostileInputs } from './hostile-inputs.ts';
import { count, fixed, type Load, LIMITS_OFF, loadFor, sampleWithKey, serviceEnv, sleep, withApi } from './api-under-load.ts';
import { measureScript, rssOf, spawnScript, stopChild } from './processes.ts';
import { expensiveReads, nearLimitCsv, slowBodies } from './resilience-abuse.ts';
import { machine, recordSection, REPORT } from './report.ts';
import { serverVersion, withServerDatabase } from './server-database.ts';

const { values } = parseArgs({
  options: {
    'fuzz-requests': { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    parts: { type: 'string', default: 'hostile,fuzz,public,recovery,slow-bodies,near-limit-csv,expensive-reads' },
    'no-write': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const parts = new Set(values.parts.split(','));
const log = (message: string) => process.stderr.write(`[bench:resilience] ${message}\n`);

// ---------------------------------------------------------------------------------------
// hostile input

async function hostileInputs(): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-hostile-'));
  try {
    log('writing the inputs (1 GiB zip bomb, 2 × 200 MB)');
    const inputs = await writeHostileInputs(dir);
    const rows: string[] = [];
    const runAll = async (database: string, env: Record<string, string | undefined>) => {
      // The first run migrates (PGlite: creates its folder); the empty folder again measures the command alone.
      const [empty] = inputs;
      if (empty) await measureScript('services/ingest/main.ts', [empty.path], env);
      for (const input of inputs) {
        const run = await measureScript('services/ingest/main.ts', [input.path], env);
        log(`${database}, ${input.label}: ${fixed(run.seconds)} s, ${run.peakRssMb ?? '?'} MB`);
        rows.push(
          `| ${input.label} | ${database} | ${fixed(run.seconds)} | ${run.peakRssMb ?? 'n/a'} | ${run.code ?? 'killed'} | ${verdictOf(run.stdout).replaceAll(`${dir}/`, '').replaceAll('|', '\\|')} |`,
        );
      }
    };
    await withServerDatabase((url) => runAll('PostgreSQL', { DATABASE_URL: url, DATA_DIR: path.join(dir, 'server-data') }));
    await runAll('PGlite', { DATABASE_URL: undefined, DATA_DIR: path.join(dir, 'pglite') });
    return [
      `Command: \`npm run bench:resilience -- --parts hostile\`: \`npm run ingest -- <input>\` (one process, run directly with \`node --max-semi-space-size=4 --import tsx\`, the flags of the npm script), default limits (${DEFAULT_INGEST_LIMITS.maxDocumentBytes / 2 ** 20} MiB a document, ${DEFAULT_INGEST_LIMITS.maxArchiveBytes / 2 ** 20} MiB an archive expanded, ratio ${DEFAULT_INGEST_LIMITS.maxCompressionRatio}); peak RSS is the process's high-water mark (VmHWM) sampled every 20 ms. The empty-folder row is what the command costs on that database with nothing to read: opening it, migrating, catching up, starting the queue.`,
      '',
      '| input | database | seconds | peak RSS MB | exit status | what the command said |',
      '|---|---|---|---|---|---|',
      ...rows,
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------
// OpenAPI fuzz

/** One fuzzed request sent over loopback: its status and body, or why the client could not send it. */
async function send(base: string, request: FuzzRequest): Promise<{ status: number; body: Buffer } | { unsendable: string }> {
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(request.headers)) for (const one of [value].flat()) headers.append(name, one);
    const response = await fetch(`${base}${request.url}`, {
      method: request.method,
      headers,
      ...(request.payload === undefined ? {} : { body: request.payload }),
      signal: AbortSignal.timeout(60_000),
    });
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  } catch (error) {
    // fetch refuses some header names and values before anything is sent; light-my-request
    // (the in-process suite) takes them, so they are counted here and sent there.
    if (error instanceof TypeError) return { unsendable: error.message };
    throw error;
  }
}

async function fuzz(): Promise<string[]> {
  const requests = Number(values['fuzz-requests']);
  const inFlight = 4;
  return withServerDatabase(async (url) => {
    const key = await sampleWithKey(url, ['read', 'admin']);
    const probeFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'imd-bench-probe-')), 'event-loop.json');
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    let unsendable = 0;
    let peakRss = 0;
    const started = performance.now();
    const probe = { EVENT_LOOP_PROBE_FILE: probeFile, preload: 'bench/event-loop-probe.ts' };
    await withApi(url, { ...LIMITS_OFF, ...probe }, async (base, child) => {
      const document: unknown = await (await fetch(`${base}/v1/openapi.json`)).json();
      const arbitrary = fc
        .constantFrom(...operationsOf(document))
        .chain((operation) => requestsFor(operation, document, key, DEFAULT_REQUEST_LIMITS.bodyLimit));
      child.kill('SIGUSR2');
      log(`OpenAPI fuzz, ${count(requests)} requests over loopback to one API process, ${inFlight} in flight`);
      for (let done = 0; done < requests;) {
        const batch = fc.sample(arbitrary, { numRuns: Math.min(500, requests - done), seed: 1_000 + done });
        const queue = [...batch];
        await Promise.all(
          Array.from({ length: inFlight }, async () => {
            for (let request = queue.shift(); request; request = queue.shift()) {
              const answer = await send(base, request);
              if ('unsendable' in answer) {
                unsendable += 1;
                continue;
              }
              statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
              const problem = problemWith(
                {
                  statusCode: answer.status,
                  rawPayload: answer.body,
                  json: (): unknown => JSON.parse(answer.body.toString('utf8')) as unknown,
                },
                64 * 1024,
              );
              if (problem && problems.length < 5) problems.push(`${request.method} ${request.url.slice(0, 120)} → ${problem}`);
            }
          }),
        );
        done += batch.length;
        const rss = child.pid === undefined ? null : await rssOf(child.pid);
        if (rss) peakRss = Math.max(peakRss, rss.peak);
        if (done % 10_000 === 0) log(`${count(done)} sent`);
      }
    });
    const minutes = (performance.now() - started) / 60_000;
    const loop = JSON.parse(await readFile(probeFile, 'utf8')) as { maxMs: number; p99Ms: number; meanMs: number };
    const fivexx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    return [
      `Command: \`npm run bench:resilience -- --parts fuzz\`: the OpenAPI fuzz's generator (\`test/support/openapi-fuzz.ts\`: random and hostile requests to every operation of the served document, with deep and wide JSON, NULs, astral characters and huge strings) sends ${count(requests)} requests over loopback, ${inFlight} at a time, to one API process (\`start:api\`, rate limits off) on the bundled sample on the PostgreSQL server. The API process measures its own event loop (\`monitorEventLoopDelay\`, 10 ms resolution, from the first fuzzed request to the last; \`bench/event-loop-probe.ts\`), so the generator's work and garbage are not charged to it. Every answer is checked as the suite does: no 5xx, every error in FastAPI's shape and under 64 KB. Requests fetch refuses to send (header values it rejects) are counted; \`npm run fuzz\` sends those in process.`,
      '',
      '| requests | not sendable over HTTP | 5xx | other problems | statuses | API event loop: worst / p99 / mean | limit | API peak RSS | minutes |',
      '|---|---|---|---|---|---|---|---|---|',
      `| ${count(requests)} | ${count(unsendable)} | ${fivexx} | ${problems.length === 0 ? 'none' : problems.join('; ').replaceAll('|', '\\|')} | ${[
        ...statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${count(n)}`)
        .join(
          ', ',
        )} | ${fixed(loop.maxMs, 0)} / ${fixed(loop.p99Ms, 0)} / ${fixed(loop.meanMs, 1)} ms | 100 ms worst | ${peakRss} MB | ${fixed(minutes)} |`,
    ];
  });
}

// ---------------------------------------------------------------------------------------
// public routes

async function publicRoutes(): Promise<string[]> {
  return withServerDatabase(async (url) => {
    const key = await sampleWithKey(url, ['read']);
    const keyed = '/v1/financials?ticker=ACC&concept=Revenue&period=quarterly&limit=1';
    const loads: Load[] = [];
    let facts = 0;
    await withApi(url, LIMITS_OFF, async (base) => {
      const index = (await (await fetch(`${base}/v1/`)).json()) as { data: { datasets: Array<{ name: string; rows: number }> } };
      facts = index.data.datasets.find((d) => d.name === 'financials')?.rows ?? 0;
      // Warm both paths, then measure.
      await autocannon({ url: `${base}/v1/`, connections: 10, duration: 2 });
      loads.push(
        await loadFor(seconds, `keyed \`GET ${keyed}\` alone (10 connections)`, `${base}${keyed}`, {
          connections: 10,
          headers: { 'x-api-key': key },
        }),
      );
      loads.push(await loadFor(seconds, `\`GET /v1/\` without a key (${connections} connections)`, `${base}/v1/`, { connections }));
      loads.push(await loadFor(seconds, `\`GET /health\` without a key (${connections} connections)`, `${base}/health`, { connections }));
      const [, during] = await Promise.all([
        loadFor(seconds, '(the /v1/ load)', `${base}/v1/`, { connections }),
        loadFor(seconds, `keyed \`GET ${keyed}\` while \`/v1/\` is loaded (10 connections)`, `${base}${keyed}`, {
          connections: 10,
          headers: { 'x-api-key': key },
        }),
      ]);
      loads.push(during);
    });
    await withApi(url, { RATE_LIMIT_PER_MINUTE: 'off', MONTHLY_ALLOWANCE: 'off' }, async (base) => {
      const limit = loadConfig({}).publicRateLimitPerMinute ?? 0;
      loads.push(
        await loadFor(
          seconds,
          `\`GET /v1/\` without a key, default limit of ${limit} a minute per address (${connections} connections)`,
          `${base}/v1/`,
          { connections },
        ),
      );
    });
    return [
      `Command: \`npm run bench:resilience -- --parts public\`: the bundled sample on the PostgreSQL server (${count(facts)} fact rows), one API process (\`start:api\`), autocannon for ${seconds} s per row, all on one machine. Rate limits are off except in the last row. \`GET /v1/\` counts each dataset once per projection change and \`/health\` looks at the projections once a second, so neither cost grows with the data.`,
      '',
      '| request | requests | req/s | p50 ms | p99 ms | statuses |',
      '|---|---|---|---|---|---|',
      ...loads.map(
        (l) => `| ${l.label} | ${count(l.requests)} | ${count(Math.round(l.rps))} | ${fixed(l.p50)} | ${fixed(l.p99)} | ${l.statuses} |`,
      ),
    ];
  });
}

// ---------------------------------------------------------------------------------------
// recovery after SIGKILL

interface Outcome {
  readonly seconds: number;
  readonly eventsByType: string;
  readonly parsedTwice: number;
}

const eventCounts = async (db: Database) =>
  (await db.query<{ event_type: string; n: number }>('select event_type, count(*)::int as n from es_events group by 1 order by 1')).rows
    .map((r) => `${r.event_type} ${r.n}`)
    .join(', ');
const documentsDone = async (db: Database) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from es_events where event_type in ('DocumentParsed', 'DocumentRejected')`))
    .rows[0]?.n ?? 0;
const parsedTwice = async (db: Database) =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from (select stream_id from es_events where event_type = 'DocumentParsed' group by 1 having count(*) > 1) twice`,
    )
  ).rows[0]?.n ?? 0;

/**
 * The sample ingested by `start:worker` processes: this process stores and enqueues the
 * documents (and catches up the companies between groups, as the ingest command does)
 * but parses nothing. With `kill`, the first worker gets SIGKILL once some documents have
 * an outcome, a second starts at once, and the time runs from the kill.
 */
async function ingestWithWorkers(url: string, dataDir: string, kill: boolean): Promise<Outcome & { killedAfter: number }> {
  const db = await openPgPool(url, { max: 4 });
  const store = createDomainEventStore(db);
  const workers = [spawnScript('services/worker/main.ts', [], serviceEnv(url, dataDir))];
  try {
    await migrate(db);
    const leaseSeconds = loadConfig({}).ingestJobLeaseSeconds;
    const ingestion = await startIngestion(db, store, parserRegistry, {
      contextProviders: contextProvidersFor(db),
      onError: (e) => log(e.message),
      leaseSeconds,
    });
    const { files } = await readInputs([BUNDLED_SAMPLE_DIR], { limits: DEFAULT_INGEST_LIMITS });
    const started = performance.now();
    const done = ingestInputs(ingestion.deps, files, { pollMs: 50 });
    let from = started;
    let killedAfter = 0;
    if (kill) {
      while ((killedAfter = await documentsDone(db)) === 0) await sleep(10);
      await stopChild(workers[0] as ReturnType<typeof spawnScript>, 'SIGKILL');
      from = performance.now();
      workers.push(spawnScript('services/worker/main.ts', [], serviceEnv(url, dataDir)));
    }
    await done;
    const seconds = (performance.now() - from) / 1000;
    await ingestion.stop();
    return { seconds, killedAfter, eventsByType: await eventCounts(db), parsedTwice: await parsedTwice(db) };
  } finally {
    for (const worker of workers) await stopChild(worker);
    await store.close();
    await db.close();
  }
}

/** Seconds until every projection is live and caught up, by `start:projector` processes; with `kill`, the first is killed mid-way and the time runs from the kill. */
async function projectWithProjectors(
  url: string,
  dataDir: string,
  kill: boolean,
): Promise<{ seconds: number; projected: string; killedAt: number }> {
  const db = await openPgPool(url, { max: 2 });
  const projectors = [spawnScript('services/projector/main.ts', [], serviceEnv(url, dataDir))];
  const store = createDomainEventStore(db);
  const statuses = () => Promise.all(PROJECTIONS.map((p) => getProjectionStatus(db, store, p)));
  try {
    const started = performance.now();
    let from = started;
    let killedAt = 0;
    if (kill) {
      for (;;) {
        const now = await statuses();
        killedAt = now.reduce((sum, s) => sum + s.eventsProjected, 0);
        if (killedAt > 0 && now.some((s) => s.lag > 0)) break;
        if (now.every((s) => s.status === 'live' && s.lag === 0 && s.eventsProjected > 0))
          throw new Error('caught up before it could be killed');
        await sleep(5);
      }
      await stopChild(projectors[0] as ReturnType<typeof spawnScript>, 'SIGKILL');
      from = performance.now();
      projectors.push(spawnScript('services/projector/main.ts', [], serviceEnv(url, dataDir)));
    }
    for (;;) {
      const now = await statuses();
      if (now.every((s) => s.status === 'live' && s.lag === 0)) {
        return {
          seconds: (performance.now() - from) / 1000,
          killedAt,
          projected: now.map((s) => `${s.name} ${s.eventsProjected}`).join(', '),
        };
      }
      await sleep(20);
    }
  } finally {
    for (const projector of projectors) await stopChild(projector);
    await store.close();
    await db.close();
  }
}

async function recovery(): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-recovery-'));
  try {
    const run = (kill: boolean) =>
      withServerDatabase(async (url) => {
        log(`sample through start:worker${kill ? ', the first killed mid-way' : ''}`);
        const worker = await ingestWithWorkers(url, dataDir, kill);
        log(`projected by start:projector${kill ? ', the first killed mid-way' : ''}`);
        const projector = await projectWithProjectors(url, dataDir, kill);
        return { worker, projector };
      });
    const clean = await run(false);
    const killed = await run(true);
    const same = (a: string, b: string) => (a === b ? 'yes' : `**no**: ${b}`);
    const lease = loadConfig({}).ingestJobLeaseSeconds;
    return [
      `Command: \`npm run bench:resilience -- --parts recovery\`: the bundled sample (${count((await readInputs([BUNDLED_SAMPLE_DIR], { limits: DEFAULT_INGEST_LIMITS })).files.length)} files) on a fresh PostgreSQL database per run. Worker: this process stores and enqueues the documents, one \`start:worker\` process parses them; in the killed run it gets SIGKILL once the first documents have an outcome and a new one starts at once, and the time runs from the kill until every document has an outcome. The dead worker's jobs are taken over when their lease lapses (INGEST_JOB_LEASE_SECONDS, ${lease} s). Projector: one \`start:projector\` process from an empty read side until every projection is live with no lag; in the killed run it gets SIGKILL mid catch-up and a new one starts at once. The outcomes are compared with the uninterrupted run's.`,
      '',
      '| role | uninterrupted run, s | after SIGKILL, s (from the kill) | killed when | outcome equals the uninterrupted run |',
      '|---|---|---|---|---|',
      `| worker (\`start:worker\`) | ${fixed(clean.worker.seconds)} | ${fixed(killed.worker.seconds)} | documents with an outcome: ${killed.worker.killedAfter} | events by type: ${same(clean.worker.eventsByType, killed.worker.eventsByType)}; documents parsed twice: ${killed.worker.parsedTwice} |`,
      `| projector (\`start:projector\`) | ${fixed(clean.projector.seconds)} | ${fixed(killed.projector.seconds)} | ${count(killed.projector.killedAt)} events projected | events projected per projection: ${same(clean.projector.projected, killed.projector.projected)} |`,
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------

const sections: Array<[string, string, () => Promise<string[]>]> = [
  ['hostile', 'hostile input to the ingest command', hostileInputs],
  ['fuzz', 'OpenAPI fuzz', fuzz],
  ['public', 'public routes without a key', publicRoutes],
  ['recovery', 'recovery after SIGKILL', recovery],
  ['slow-bodies', 'a flood of bodies that never finish', () => slowBodies(seconds)],
  ['near-limit-csv', 'a valid CSV near the document limit', nearLimitCsv],
  ['expensive-reads', 'one key loading search while another reads', () => expensiveReads(seconds)],
];
// Each part is its own section of docs/benchmarks.md, so one can be measured again alone.
const engine = await withServerDatabase(serverVersion);
for (const [name, title, measure] of sections) {
  if (!parts.has(name)) continue;
  const section = [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${engine} on the same machine.`,
    '',
    ...(await measure()),
  ];
  console.log(`\n${section.join('\n')}\n`);
  if (!values['no-write']) await recordSection(`bench:resilience ${name}`, section, `bench:resilience: ${title}`);
}
if (!values['no-write']) console.log(`recorded in ${path.relative(process.cwd(), REPORT)}`);
