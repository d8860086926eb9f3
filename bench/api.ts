/**
 * npm run bench:api [-- --companies N --quarters N --facts N --seconds S --connections C
 *                       --cases hit,miss,random,random-cached,screen --reads one-fact,facts --database-url URL
 *                       --cpu-prof DIR --no-write --no-screen]
 *
 * Builds a 2,000-company dataset on the PostgreSQL server (or uses the one at --database-url,
 * building it there when the database is empty, and keeping it), starts the API (`start:api`,
 * one process) on it and loads it with wrk; in the same run pgbench executes the statement
 * each request runs. The reads are `GET /v1/financials` for one fact and for 5 concepts over
 * all periods, as of a date, and an as-of screen over every company (`POST /v1/query`).
 * Cases (--cases, all by default):
 * - hit: one URL repeated, so all but the first request are answered by the response cache;
 *   the 5-concept read also with per-key rate-limit counting on;
 * - miss: the same URL with no response cache, every request reading the database;
 * - random: a company drawn at random for each request, no response cache; pgbench draws its
 *   company the same way;
 * - random-cached: the same with the response cache at its default size;
 * - screen: the as-of screen;
 * - cross-section: one concept and quarter over every company as of a date, one page of 2,000
 *   rows (`npm run bench:cross-section` runs this case alone and records it as its own section).
 * --reads chooses the /v1/financials reads the cases load (both by default).
 * Records req/s, p50/p99 latency and the API's RSS in docs/benchmarks.md (not with --no-write).
 * --cpu-prof DIR writes a V8 CPU profile of each API process into DIR.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { COMPANIES } from '#projections/companies';
import { createKey } from '#serve/access';
import type { Database } from '#platform/db';
import { openPgPool } from '#platform/db-engines';
import { buildApiDataset, DATASET_OPTIONS, datasetShape } from './api-dataset.ts';
import {
  CROSS_SECTION,
  CROSS_SECTION_ROWS,
  FACTS,
  metricCrossSectionScenario,
  ONE_FACT,
  oneCompany,
  randomCompany,
  type Scenario,
  SCREEN,
} from './api-scenarios.ts';
import { loadPgbench } from './pgbench-load.ts';
import { BENCH_COMPANY_IDS } from './pgbench-script.ts';
import { cpuSecondsOf, freePort, rssOf, spawnScript, stopChild, waitForHttp } from './processes.ts';
import { machine, recordSection, REPORT } from './report.ts';
import { SERVER_URL, serverVersion, withServerDatabase } from './server-database.ts';
import { syntheticCompanyId } from './synthetic-filings.ts';
import { runWrk } from './wrk.ts';

const CASES = ['hit', 'miss', 'random', 'random-cached', 'screen', 'cross-section'] as const;
/** What `npm run bench:api` loads; the cross-section is `npm run bench:cross-section`'s (this script with --cases cross-section). */
const API_CASES = CASES.filter((c) => c !== 'cross-section');
type Case = (typeof CASES)[number];

const { values } = parseArgs({
  options: {
    ...DATASET_OPTIONS,
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    cases: { type: 'string', default: API_CASES.join(',') },
    reads: { type: 'string', default: 'one-fact,facts' },
    'database-url': { type: 'string' },
    'cpu-prof': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    'no-screen': { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const shape = datasetShape(values);
const cases = new Set(values.cases.split(',').map((c) => c.trim()));
for (const c of cases) if (!(CASES as readonly string[]).includes(c)) throw new Error(`--cases takes ${CASES.join(', ')}; not ${c}`);
if (values['no-screen']) cases.delete('screen');
const wanted = (c: Case) => cases.has(c);
const READS = { 'one-fact': ONE_FACT, facts: FACTS } as const;
const reads = values.reads.split(',').map((name) => {
  const read = READS[name.trim() as keyof typeof READS] as (typeof READS)[keyof typeof READS] | undefined;
  if (!read) throw new Error(`--reads takes ${Object.keys(READS).join(', ')}; not ${name}`);
  return read;
});
const COMPANY = Math.min(1234, shape.companies - 1);
const METRIC_SECTION = metricCrossSectionScenario(shape.companies);
const log = (message: string) => process.stderr.write(`[bench:api] ${message}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

interface Measured {
  readonly scenario: string;
  readonly name: string;
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly rssMb: number | null;
  readonly errors: number;
}

/** Starts `start:api` on the database, waits for /health, loads it, stops it. */
async function loadApi(url: string, key: string, scenario: Scenario, name: string, env: Record<string, string>): Promise<Measured> {
  const port = freePort();
  const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : [];
  const child = spawnScript('services/api/main.ts', [], { DATABASE_URL: url, PORT: String(port), ...env }, 'inherit', [], profile);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/health`, 30_000);
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const body = scenario.body === undefined ? {} : { body: scenario.body };
    const probe = await fetch(`${base}${scenario.path}`, { method: scenario.method, headers, ...body });
    const text = await probe.text();
    const answer = JSON.parse(text) as { data?: unknown[] | { evidence?: { screen?: { rows: unknown[]; total: number } } } };
    const size = Array.isArray(answer.data) ? answer.data.length : (answer.data?.evidence?.screen?.total ?? 0);
    if (probe.status !== 200 || size === 0) throw new Error(`the probe request failed: ${probe.status}`);
    const what = Array.isArray(answer.data) ? 'facts per response' : 'companies pass';
    log(`${scenario.label}, ${name}: ${size} ${what}, ${Buffer.byteLength(text).toLocaleString('en-US')} bytes; warming up`);
    const request = { url: `${base}${scenario.path}`, method: scenario.method, headers, ...body, paths: scenario.paths };
    await runWrk(request, { connections, seconds: 3 });
    log(`load average ${loadAverage()}`);
    const cpuBefore = { api: child.pid ? await cpuSecondsOf(child.pid) : null, db: await backendCpuSeconds(url) };
    const result = await runWrk(request, { connections, seconds });
    const cpuAfter = { api: child.pid ? await cpuSecondsOf(child.pid) : null, db: await backendCpuSeconds(url) };
    const micros = (cpu: number) => `${Math.round((1e6 * cpu) / result.requests)} µs`;
    const api = cpuBefore.api === null || cpuAfter.api === null ? 'n/a' : micros(cpuAfter.api - cpuBefore.api);
    log(`CPU a request: API process ${api}, its PostgreSQL backends ${micros(backendCpuBetween(cpuBefore.db, cpuAfter.db))}`);
    const rss = child.pid ? await rssOf(child.pid) : null;
    return { scenario: scenario.label, name, ...result, rssMb: rss?.peak ?? null };
  } finally {
    await stopChild(child);
  }
}

/** CPU seconds used so far by each PostgreSQL backend connected to the database at `url` (but this look's own), by pid. */
async function backendCpuSeconds(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const seconds = await Promise.all(rows.map(async (row) => [row.pid, await cpuSecondsOf(row.pid)] as const));
    return new Map(seconds.filter((entry): entry is readonly [number, number] => entry[1] !== null));
  } finally {
    await client.end();
  }
}

/** The CPU the backends present at both looks used between them, in seconds. */
const backendCpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, seconds]) => sum + (before.has(pid) ? seconds - (before.get(pid) ?? 0) : 0), 0);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PREPARED = 'pgbench, the same SQL prepared, generic plan';

async function pgbench(url: string, scenario: Scenario, name = 'pgbench, the same SQL', prepared = false): Promise<Measured> {
  log(`${scenario.label}, ${name}; load average ${loadAverage()}`);
  const running = loadPgbench(url, scenario.pgbenchScript(), { connections, seconds, prepared });
  // The backends' CPU over the middle of the run, once pgbench has connected and before it ends.
  const settle = Math.min(2, seconds / 4);
  await sleep(settle * 1000);
  const before = await backendCpuSeconds(url);
  await sleep((seconds - 2 * settle) * 1000);
  const after = await backendCpuSeconds(url);
  const result = await running;
  log(
    `CPU a transaction: PostgreSQL backends ${Math.round((1e6 * backendCpuBetween(before, after)) / (result.rps * (seconds - 2 * settle)))} µs`,
  );
  return { scenario: scenario.label, name, ...result, rssMb: null, errors: 0 };
}

/** Whether the database at hand holds the set already (a --database-url built by an earlier run). */
async function holdsDataset(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ table: string | null }>(`select to_regclass($1)::text as table`, [COMPANIES]);
  if (!rows[0]?.table) return false;
  const counted = await db.query<{ n: number }>(`select count(*)::int as n from ${COMPANIES} where nse_symbol like 'BENCH%'`);
  return counted.rows[0]?.n === shape.companies;
}

/** The set on the database at `url` (built unless it is there), the table pgbench draws companies from, and a key. */
async function prepare(url: string): Promise<string> {
  const db = await openPgPool(url, { max: 6 });
  try {
    const key = (await holdsDataset(db))
      ? (await createKey(db, { workspace: { name: 'bench' }, name: 'bench:api', scopes: ['read'] })).key
      : await buildApiDataset(db, shape, log);
    const ids = Array.from({ length: shape.companies }, (_, c) => syntheticCompanyId(c));
    await db.query(`drop table if exists ${BENCH_COMPANY_IDS}`);
    await db.query(`create table ${BENCH_COMPANY_IDS} (n int primary key, company_id uuid not null)`);
    await db.query(`insert into ${BENCH_COMPANY_IDS} select * from unnest($1::int[], $2::uuid[])`, [ids.map((_, c) => c), ids]);
    await db.query(`analyze ${BENCH_COMPANY_IDS}`);
    return key;
  } finally {
    await db.close();
  }
}

async function measure(url: string, key: string): Promise<Measured[]> {
  // wrk's connections all come from this machine: --connections may pass the cap per address.
  const limitsOff = { RATE_LIMIT_PER_MINUTE: 'off', MONTHLY_ALLOWANCE: 'off', HTTP_MAX_CONNECTIONS_PER_ADDRESS: 'off' };
  const limitsOn = { RATE_LIMIT_PER_MINUTE: '100000000', MONTHLY_ALLOWANCE: '1000000000', HTTP_MAX_CONNECTIONS_PER_ADDRESS: 'off' };
  const noCache = { ...limitsOff, RESPONSE_CACHE_SIZE: 'off' };
  const measured: Measured[] = [];
  for (const read of reads) {
    const one = oneCompany(read, COMPANY);
    if (wanted('hit')) {
      // One URL repeated: all but the first request are answered by the response cache.
      if (read === FACTS)
        measured.push(await loadApi(url, key, one, 'API, one URL: response cache hits, rate-limit counting on', limitsOn));
      measured.push(await loadApi(url, key, one, 'API, one URL: response cache hits, rate limits off', limitsOff));
    }
    if (wanted('miss')) measured.push(await loadApi(url, key, one, 'API, one URL, no response cache, rate limits off', noCache));
    if (wanted('hit') || wanted('miss')) measured.push(await pgbench(url, one));
    const random = randomCompany(read, shape.companies);
    if (wanted('random')) measured.push(await loadApi(url, key, random, 'API, no response cache, rate limits off', noCache));
    if (wanted('random-cached')) {
      measured.push(await loadApi(url, key, random, 'API, response cache (default size), rate limits off', limitsOff));
    }
    if (wanted('random') || wanted('random-cached')) {
      measured.push(await pgbench(url, random, 'pgbench, the same SQL, company drawn alike'));
      measured.push(await pgbench(url, random, `${PREPARED}, company drawn alike`, true));
    }
  }
  if (wanted('screen')) measured.push(await loadApi(url, key, SCREEN, 'API, rate limits off', limitsOff), await pgbench(url, SCREEN));
  if (wanted('cross-section')) {
    measured.push(
      await loadApi(url, key, CROSS_SECTION, 'API, no response cache, rate limits off', noCache),
      await pgbench(url, CROSS_SECTION),
      await pgbench(url, CROSS_SECTION_ROWS, 'pgbench, the rows as columns, no JSON (for comparison)'),
      await loadApi(url, key, METRIC_SECTION, 'API, no response cache, rate limits off', noCache),
      await pgbench(url, METRIC_SECTION, 'pgbench, its two statements'),
    );
  }
  return measured;
}

const external = values['database-url'];
const loadBefore = loadAverage();
const run = async (url: string) => measure(url, await prepare(url));
const results = external ? await run(external) : await withServerDatabase(run);
const engine = await serverVersion(external ?? SERVER_URL);
const loadAfter = loadAverage();

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const pgbenchOf = (scenario: string, prepared: boolean) =>
  results.find((m) => m.scenario === scenario && m.name.startsWith('pgbench') && m.name.startsWith(PREPARED) === prepared);
const shareOf = (m: Measured, pg: Measured | undefined) => (pg ? `${Math.round((100 * m.rps) / pg.rps)}%` : '');
const table = [
  '| request | load | requests | req/s | p50 ms | p99 ms | share of pgbench rate | share of pgbench prepared | API RSS MB (peak) | errors |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.map((m) => {
    const shares = `${shareOf(m, pgbenchOf(m.scenario, false))} | ${shareOf(m, pgbenchOf(m.scenario, true))}`;
    return `| ${m.scenario} | ${m.name} | ${m.requests.toLocaleString('en-US')} | ${Math.round(m.rps).toLocaleString('en-US')} | ${fixed(m.p50)} | ${fixed(m.p99)} | ${shares} | ${m.rssMb ?? '—'} | ${m.errors} |`;
  }),
].join('\n');
console.log(`\n${table}\n\nload average before ${loadBefore}, after ${loadAfter}\n`);

const NOTES = [
  '',
  'Cache hits: one URL repeated, so all but the first request of a run are answered from memory with no statement (authentication and rate-limit counting still run for each); the rate of a repeated point-in-time read between two projector commits. One URL with `RESPONSE_CACHE_SIZE=off`: every request reads the database, always the same rows.',
  '',
  `Random company: each request names one of the ${shape.companies.toLocaleString('en-US')} companies, drawn at random (wrk's Lua \`request\`), and pgbench draws its company the same way for each transaction (\`\\set n random(...)\`, the company's id read by a scalar subquery on a (n, id) table where the API sends the id as a parameter). With no response cache every request reads the database: the rate of reads that miss. With the cache at its default size (64 MiB) a one-fact answer is remembered after its company's first request, while the 248-fact answers (about 170 KB each) outgrow it, so most of those miss.`,
  '',
  '**The as-of screen** evaluates every one of the 2,000 companies (1,778 pass) in one statement; at 50 connections on two cores that queues to seconds, in pgbench as in the API.',
  '',
  'wrk, the API process and PostgreSQL share the two cores, so the API is charged for wrk as pgbench is for its client; pgbench needs no HTTP.',
];

const CROSS_SECTION_NOTES = [
  "The concept's page is 2,000 facts (1.3 MB of JSON), written by PostgreSQL (ADR 19): each fact's JSON and the page joined in one text column, so the API process decodes one value a page, builds no objects and serialises nothing. Its CPU a page went from 26-33 ms (rows read as 24 text values each, the facts built, `JSON.stringify`) to about 8 ms; its backends' from 19-22 ms to 44-51 ms. The process's one thread had been the limit (26-32 pages a second, 25-39% of pgbench on the statement of that time); now PostgreSQL is, on both cores, and the rate rose to 33-36 a second in four runs: 73-93% of pgbench on the route's statement (target 0.5x), 33-41% of pgbench on the rows without their JSON (the second pgbench line, the statement before). In all a page costs the machine a little more CPU than before; the gain is the process's thread, free for other requests and no longer the cap where PostgreSQL has more cores.",
  '',
  "The metric's pgbench line runs the two statements with every company id and period end inlined as literals, at 10 connections: not a like-for-like bound (the API's own backends use a seventh of that CPU a request). The API's process computes the one metric for the page's 2,000 company periods (`computeMetrics`, limited to that metric and those periods).",
];

if (!values['no-write'] && cases.has('cross-section')) {
  const crossSection = results.filter((m) => m.scenario === CROSS_SECTION.label || m.scenario === METRIC_SECTION.label);
  await recordSection('bench:cross-section', [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${engine} on the same machine; load average before the loads ${loadBefore}, after ${loadAfter}.`,
    `Command: \`npm run bench:cross-section\`: the bench:api set (${shape.companies.toLocaleString('en-US')} companies × ${shape.quarters} quarters × ${shape.factsPerFiling} facts), one API process (\`start:api\`, no response cache, rate limits off), wrk and pgbench at ${connections} connections for ${seconds} s each. Request: \`GET ${CROSS_SECTION.path}\` (every company's FY2022 Q3 revenue as known on 1 June 2022, one page of 2,000 rows); pgbench runs its statement (\`crossSectionJsonQuery\`: the page written as JSON by PostgreSQL) with the same values, and for comparison the same rows as columns without their JSON (\`crossSectionQuery\`). Target: 0.5x of pgbench's rate or more. The metric's cross-section: \`GET ${METRIC_SECTION.path}\` (every company's FY2022 Q3 net margin, computed from its revenue and profit as known then); pgbench runs its two statements (the page's company periods, then their inputs) without the arithmetic.`,
    '',
    '| request | load | requests | req/s | p50 ms | p99 ms | share of pgbench rate | API RSS MB (peak) | errors |',
    '|---|---|---|---|---|---|---|---|---|',
    ...crossSection.map(
      (m) =>
        `| ${m.scenario} | ${m.name} | ${m.requests.toLocaleString('en-US')} | ${Math.round(m.rps).toLocaleString('en-US')} | ${fixed(m.p50)} | ${fixed(m.p99)} | ${shareOf(m, pgbenchOf(m.scenario, false))} | ${m.rssMb ?? '—'} | ${m.errors} |`,
    ),
    '',
    ...CROSS_SECTION_NOTES,
  ]);
  console.log(`recorded in ${path.relative(process.cwd(), REPORT)}`);
}
if (!values['no-write'] && API_CASES.some((c) => cases.has(c))) {
  await recordSection('bench:api', [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${engine} on the same machine; load average before the loads ${loadBefore}, after ${loadAfter}.`,
    `Command: \`npm run bench:api\`: ${shape.companies.toLocaleString('en-US')} companies × ${shape.quarters} quarters × ${shape.factsPerFiling} facts, one API process (\`start:api\`), wrk and pgbench at ${connections} connections for ${seconds} s each (after a 3 s warm-up for the API), all on one machine.`,
    '',
    `Requests: one fact as of a date, \`GET ${oneCompany(ONE_FACT, COMPANY).path}\` (one row); facts as of a date, \`GET ${oneCompany(FACTS, COMPANY).path}\` (one company, 5 concepts, all periods); the same with the ticker drawn at random from BENCH0000 to BENCH${String(shape.companies - 1).padStart(4, '0')} for each request (random company); pgbench runs the facts statement of each (\`listFactsQuery\`, extended protocol) with the same values, and for the random company also prepared once per connection with a generic plan (\`-M prepared\`, \`plan_cache_mode=force_generic_plan\`), as the API's pool runs its text reads since 2026-11-30 (the company is pgbench's one parameter; the other values are written in the statement). Screen as of a date, \`POST /v1/query\` with \`${SCREEN.body ?? ''}\` over every company's annual results (Q4 filings of the set report the fiscal year); pgbench runs the screen's page statement (\`compileScreen\`). Targets, at 50 connections over random companies: the one-fact read at 0.8x of pgbench's rate or more with p99 at most 25 ms, the five-concept read at 0.5x or more.`,
    '',
    table,
    ...NOTES,
  ]);
  console.log(`recorded in ${path.relative(process.cwd(), REPORT)}`);
}
