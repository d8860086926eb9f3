import type { ExchangeHost } from '#platform/config';
import { type Clock, createHostBudget, systemClock } from './host-budget.ts';

/**
 * A browser's User-Agent: both exchanges refuse requests that name a script or no agent
 * (docs/sync.md, "Politeness").
 */
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** One exchange response, as received. */
export interface ExchangeResponse {
  /** The URL asked for (before any redirect) and the one that answered. */
  readonly url: string;
  readonly finalUrl: string;
  readonly host: ExchangeHost;
  readonly status: number;
  readonly bytes: Uint8Array;
  readonly contentType: string | null;
  readonly etag: string | null;
  readonly lastModified: string | null;
  /** When the answer arrived, ISO. */
  readonly fetchedAt: string;
  /** Requests it took (retries and a cookie warm-up included). */
  readonly attempts: number;
}

/** Why no response could be had: the host kept failing, or the body broke the size limit. */
export class ExchangeRequestError extends Error {
  readonly kind: 'unreachable' | 'too-large';
  readonly url: string;
  constructor(message: string, kind: 'unreachable' | 'too-large', url: string) {
    super(message);
    this.name = 'ExchangeRequestError';
    this.kind = kind;
    this.url = url;
  }
}

export interface ExchangeClientOptions {
  readonly baseUrls: Readonly<Record<ExchangeHost, string>>;
  /** Requests per second per host. */
  readonly budgets: Readonly<Record<ExchangeHost, number>>;
  readonly timeoutMs: number;
  /** The most bytes one body may have (the ingest document limit). */
  readonly maxBytes: number;
  /** Tries per request on 429, 5xx, timeouts and network errors. */
  readonly maxAttempts?: number;
  /** Longest backoff between tries. */
  readonly maxBackoffMs?: number;
  readonly fetch?: typeof fetch;
  readonly clock?: Clock;
  readonly random?: () => number;
}

export interface ExchangeClient {
  get(url: string, signal?: AbortSignal): Promise<ExchangeResponse>;
  /** The host a URL belongs to, by the configured base URLs; undefined for any other. */
  hostOf(url: string): ExchangeHost | undefined;
}

const RETRIED = (status: number) => status === 429 || status >= 500;

/** A network failure in words: fetch's own message says only "fetch failed"; its cause says why (ENOTFOUND, ECONNREFUSED, a timeout). */
function problemOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const why = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
  return `${error.name}: ${error.message}${why ? ` (${why})` : ''}`;
}

/** A Set-Cookie header's name=value pairs (attributes dropped). */
function cookiesOf(headers: Headers): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) found.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return found;
}

/** A body read up to `maxBytes`; more is an error, and the rest is never read. */
async function readCapped(response: Response, maxBytes: number, url: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () => new ExchangeRequestError(`the body is over the document limit of ${maxBytes} bytes`, 'too-large', url);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * The HTTP client of the connectors: a browser's headers and a Referer of the exchange's
 * own site, keep-alive (Node's fetch pools connections per origin), each host within its
 * budget, jittered exponential backoff on 429, 5xx, timeouts and network errors (honouring
 * Retry-After), and for NSE's `/api/` a cookie session warmed on the home page first and
 * warmed again after a 401 or 403.
 */
export function createExchangeClient(options: ExchangeClientOptions): ExchangeClient {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const doFetch = options.fetch ?? fetch;
  const maxAttempts = options.maxAttempts ?? 4;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const hosts = Object.entries(options.baseUrls) as Array<[ExchangeHost, string]>;
  const budgets = new Map(hosts.map(([host]) => [host, createHostBudget(options.budgets[host], clock)]));
  const cookies = new Map<string, string>();
  let warmedAt: number | undefined;

  const hostOf = (url: string) => hosts.find(([, base]) => url === base || url.startsWith(`${base}/`))?.[0];
  const refererOf = (host: ExchangeHost) => `${options.baseUrls[host.startsWith('nse') ? 'nse-www' : 'bse-www']}/`;
  const needsSession = (host: ExchangeHost, url: string) => host === 'nse-www' && new URL(url).pathname.includes('/api/');

  /** One request within its host's budget; a network failure or timeout is thrown. */
  async function send(url: string, host: ExchangeHost, signal: AbortSignal | undefined): Promise<Response> {
    await budgets.get(host)?.take(signal);
    const headers: Record<string, string> = {
      'User-Agent': BROWSER_USER_AGENT,
      Accept: needsSession(host, url) ? 'application/json, text/plain, */*' : '*/*',
      'Accept-Language': 'en-US,en;q=0.9',
      Referer: refererOf(host),
      Connection: 'keep-alive',
    };
    if (host === 'nse-www' && cookies.size > 0) headers.Cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const timeout = AbortSignal.timeout(options.timeoutMs);
    return doFetch(url, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'follow' });
  }

  /** Visits NSE's home page for the cookies its API asks for. */
  async function warmUp(signal: AbortSignal | undefined): Promise<number> {
    const home = `${options.baseUrls['nse-www']}/`;
    const response = await send(home, 'nse-www', signal);
    for (const [name, value] of cookiesOf(response.headers)) cookies.set(name, value);
    await response.body?.cancel();
    warmedAt = clock.now();
    return 1;
  }

  const backoffMs = (attempt: number, retryAfter: string | null) => {
    const stated = retryAfter !== null && /^\d{1,4}$/.test(retryAfter.trim()) ? Number(retryAfter) * 1000 : undefined;
    const exponential = 1000 * 2 ** (attempt - 1);
    return Math.min(maxBackoffMs, Math.max(stated ?? 0, exponential * (0.5 + random())));
  };

  async function get(url: string, signal?: AbortSignal): Promise<ExchangeResponse> {
    const host = hostOf(url);
    if (!host) throw new ExchangeRequestError(`not under any configured exchange base URL: ${url}`, 'unreachable', url);
    let attempts = 0;
    let rewarmed = false;
    // A warm-up that fails leaves the call to find out (a 401/403 warms up once more).
    if (needsSession(host, url) && warmedAt === undefined) attempts += await warmUp(signal).catch(() => 1);
    let lastProblem = '';
    for (let tries = 1; tries <= maxAttempts; tries++) {
      if (signal?.aborted) break;
      let response: Response;
      try {
        attempts += 1;
        response = await send(url, host, signal);
      } catch (error) {
        lastProblem = problemOf(error);
        if (tries < maxAttempts) await clock.sleep(backoffMs(tries, null), signal);
        continue;
      }
      if ((response.status === 401 || response.status === 403) && needsSession(host, url) && !rewarmed) {
        await response.body?.cancel();
        rewarmed = true;
        attempts += await warmUp(signal).catch(() => 1);
        tries -= 1;
        continue;
      }
      if (RETRIED(response.status) && tries < maxAttempts) {
        lastProblem = `HTTP ${response.status}`;
        await response.body?.cancel();
        await clock.sleep(backoffMs(tries, response.headers.get('retry-after')), signal);
        continue;
      }
      const bytes = await readCapped(response, options.maxBytes, url);
      return {
        url,
        finalUrl: response.url || url,
        host,
        status: response.status,
        bytes,
        contentType: response.headers.get('content-type'),
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
        fetchedAt: new Date(clock.now()).toISOString(),
        attempts,
      };
    }
    throw new ExchangeRequestError(`${url}: no answer after ${attempts} requests (${lastProblem || 'stopped'})`, 'unreachable', url);
  }

  return { get, hostOf };
}
