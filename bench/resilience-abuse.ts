/**
 * The parts of bench:resilience that measure what one client or one file can make the service
 * do (issue 35): a flood of bodies that never finish, a valid CSV near the document limit, and
 * searches loaded by one key while another key reads.
 */
import { readdir, readlink } from 'node:fs/promises';
import net from 'node:net';
import autocannon from 'autocannon';
import { DEFAULT_INGEST_LIMITS, loadConfig } from '#platform/config';
import { count, fixed, type Load, LIMITS_OFF, loadFor, sampleWithKey, sleep, withApi } from './api-under-load.ts';
import { measureBigFile, MiB } from './big-file-run.ts';
import { withServerDatabase } from './server-database.ts';

const loadRow = (l: Load) =>
  `| ${l.label} | ${count(l.requests)} | ${count(Math.round(l.rps))} | ${fixed(l.p50)} | ${fixed(l.p99)} | ${l.statuses} |`;
const LOAD_HEADER = ['| request | requests | req/s | p50 ms | p99 ms | statuses |', '|---|---|---|---|---|---|'];

/** Sockets of a process (its descriptors that are sockets), from /proc. */
async function socketsOf(pid: number): Promise<number> {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  const links = await Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
  return links.filter((link) => link.startsWith('socket:')).length;
}

interface Flood {
  readonly sockets: readonly net.Socket[];
  /** How many connected, were answered (the status line's code, by code), and were closed so far. */
  readonly state: () => { connected: number; answered: Map<string, number>; closed: number };
}

/**
 * `n` connections from `localAddress`, each sending a request that declares a 1,000-byte body
 * and sends 10 bytes of it, then nothing.
 */
function floodWithSlowBodies(port: number, localAddress: string, n: number): Flood {
  let connected = 0;
  let closed = 0;
  const answered = new Map<string, number>();
  const sockets = Array.from({ length: n }, () => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    socket.on('error', () => {});
    socket.on('close', () => closed++);
    socket.once('data', (data: Buffer) => {
      const code = /^HTTP\/1\.1 (\d{3})/.exec(data.toString('latin1'))?.[1] ?? 'other';
      answered.set(code, (answered.get(code) ?? 0) + 1);
    });
    socket.on('connect', () => {
      connected++;
      socket.write(
        'POST /v1/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n0123456789',
      );
    });
    return socket;
  });
  return { sockets, state: () => ({ connected, answered, closed }) };
}

const statuses = (answered: ReadonlyMap<string, number>) =>
  [...answered]
    .sort()
    .map(([code, n]) => `${code}: ${count(n)}`)
    .join(', ') || 'none';

/**
 * slow-bodies: 1,100 connections from one address (127.0.0.2) that never finish their bodies,
 * against one API process with the default connection settings; keyed reads from another
 * address (127.0.0.1) alone and during the flood; what the API process holds.
 */
export async function slowBodies(seconds: number): Promise<string[]> {
  const settings = loadConfig({});
  const flood = 1_100;
  return withServerDatabase(async (url) => {
    const key = await sampleWithKey(url, ['read']);
    const keyed = '/v1/financials?ticker=ACC&concept=Revenue&period=quarterly&limit=1';
    const limits = { PUBLIC_RATE_LIMIT_PER_MINUTE: 'off', RATE_LIMIT_PER_MINUTE: 'off', MONTHLY_ALLOWANCE: 'off' };
    return withApi(url, limits, async (base, child) => {
      const port = Number(new URL(base).port);
      const headers = { 'x-api-key': key };
      await autocannon({ url: `${base}${keyed}`, connections: 4, duration: 2, headers });
      const alone = await loadFor(seconds, `keyed \`GET ${keyed}\` alone (10 connections)`, `${base}${keyed}`, {
        connections: 10,
        headers,
      });
      const socketsBefore = await socketsOf(child.pid ?? 0);
      const started = performance.now();
      const { sockets, state } = floodWithSlowBodies(port, '127.0.0.2', flood);
      await sleep(2_000);
      const atTwo = { ...state(), held: Math.max(0, (await socketsOf(child.pid ?? 0)) - socketsBefore) };
      const during = await loadFor(
        seconds,
        `keyed \`GET ${keyed}\` from another address during the flood (10 connections)`,
        `${base}${keyed}`,
        { connections: 10, headers },
      );
      // Every connection the server took is closed by the request timeout (408) at the latest.
      const waitUntil = started + settings.connectionLimits.requestTimeoutMs + 10_000;
      while (state().closed < state().connected && performance.now() < waitUntil) await sleep(500);
      const end = {
        ...state(),
        held: Math.max(0, (await socketsOf(child.pid ?? 0)) - socketsBefore),
        after: (performance.now() - started) / 1000,
      };
      for (const socket of sockets) socket.destroy();
      return [
        `Command: \`npm run bench:resilience -- --parts slow-bodies\`: one API process (\`start:api\`) on the bundled sample on the PostgreSQL server, default connection settings (HTTP_MAX_CONNECTIONS_PER_ADDRESS ${settings.connectionLimits.maxConnectionsPerAddress ?? 'off'}, HTTP_HEADERS_TIMEOUT_MS ${settings.connectionLimits.headersTimeoutMs}, HTTP_REQUEST_TIMEOUT_MS ${settings.connectionLimits.requestTimeoutMs}), rate limits off. ${count(flood)} connections from 127.0.0.2 each declare a 1,000-byte body on \`POST /v1/documents\` and send 10 bytes of it; keyed reads come from 127.0.0.1 (autocannon, ${seconds} s a row). The API process's sockets are counted from /proc.`,
        '',
        '| flood | value |',
        '|---|---|',
        `| connections tried | ${count(flood)} |`,
        `| after 2 s | ${count(atTwo.connected)} connected, ${count(atTwo.closed)} closed (over the per-address cap, or answered), answers ${statuses(atTwo.answered)}; the API process holds ${count(atTwo.held)} sockets more than before |`,
        `| after ${fixed(end.after, 0)} s | ${count(end.connected)} connected, ${count(end.closed)} closed, answers ${statuses(end.answered)}; the API process holds ${count(end.held)} sockets more than before |`,
        '',
        ...LOAD_HEADER,
        loadRow(alone),
        loadRow(during),
      ];
    });
  });
}

/**
 * near-limit-csv: a valid bhavcopy just under the document limit, ingested by the command on
 * PGlite, its peak RSS against one day's and against the document's size.
 */
export async function nearLimitCsv(): Promise<string[]> {
  const limitMib = DEFAULT_INGEST_LIMITS.maxDocumentBytes / MiB;
  const oneDay = await measureBigFile(0.2);
  const near = await measureBigFile(limitMib - 1);
  const added = (near.peakMb - oneDay.peakMb) / (near.size / MiB);
  return [
    `Command: \`npm run bench:resilience -- --parts near-limit-csv\`: \`npm run ingest\` of an NSE CM bhavcopy (the sample day's rows over successive trading days, every candle its own) into a fresh DATA_DIR on embedded PGlite, default heap; peak RSS by /usr/bin/time. The document limit is ${limitMib} MiB; the target is a peak within about 4× the document above the command's own cost on one day.`,
    '',
    '| document | MiB | peak RSS MiB | seconds | × the document above one day | what the command said |',
    '|---|---|---|---|---|---|',
    `| one day | ${fixed(oneDay.size / MiB)} | ${count(oneDay.peakMb)} | ${fixed(oneDay.seconds, 0)} | | ${oneDay.verdict} |`,
    `| near the limit | ${fixed(near.size / MiB)} | ${count(near.peakMb)} | ${fixed(near.seconds, 0)} | ${fixed(added)} | ${near.verdict} |`,
  ];
}

/**
 * expensive-reads: one key loads `POST /v1/search` while another key reads; the other key's
 * latency alone and during that load.
 */
export async function expensiveReads(seconds: number): Promise<string[]> {
  return withServerDatabase(async (url) => {
    const searcher = await sampleWithKey(url, ['read']);
    const reader = await sampleWithKey(url, ['read']);
    const keyed = '/v1/financials?ticker=ACC&concept=Revenue&period=quarterly&limit=1';
    return withApi(url, LIMITS_OFF, async (base) => {
      const readerHeaders = { 'x-api-key': reader };
      const search = {
        url: `${base}/v1/search`,
        connections: 8,
        method: 'POST' as const,
        headers: { 'x-api-key': searcher, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'tata consultancy' }),
      };
      await autocannon({ ...search, duration: 2 });
      const alone = await loadFor(seconds, `another key's \`GET ${keyed}\` alone (10 connections)`, `${base}${keyed}`, {
        connections: 10,
        headers: readerHeaders,
      });
      const searched = autocannon({ ...search, duration: seconds + 2 });
      await sleep(1_000);
      const during = await loadFor(
        seconds,
        `another key's \`GET ${keyed}\` while one key loads \`POST /v1/search\` (8 connections)`,
        `${base}${keyed}`,
        { connections: 10, headers: readerHeaders },
      );
      const load = await searched;
      return [
        `Command: \`npm run bench:resilience -- --parts expensive-reads\`: one API process (\`start:api\`) on the bundled sample on the PostgreSQL server, rate limits off; one key sends \`POST /v1/search\` {"query": "tata consultancy"} on 8 connections (${count(load.requests.total)} searches, p99 ${fixed(load.latency.p99)} ms) while another key reads; autocannon, ${seconds} s a row. The sample holds few names: the whole market's searches are in bench:expensive-reads.`,
        '',
        ...LOAD_HEADER,
        loadRow(alone),
        loadRow(during),
      ];
    });
  });
}
