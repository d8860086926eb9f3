import { describe, expect, it } from 'vitest';
import type { ExchangeHost } from '#platform/config/sync-config';
import { BROWSER_USER_AGENT, createExchangeClient, ExchangeRequestError, type ExchangeClientOptions } from './exchange-client.ts';
import type { Clock } from './host-budget.ts';

const BASES: Readonly<Record<ExchangeHost, string>> = {
  'nse-www': 'http://127.0.0.1:9/nse-www',
  'nse-archives': 'http://127.0.0.1:9/nse-archives',
  'bse-www': 'http://127.0.0.1:9/bse-www',
  'bse-api': 'http://127.0.0.1:9/bse-api',
};
/** No spacing between requests, so that every sleep the clock is asked for is a backoff. */
const UNLIMITED: Readonly<Record<ExchangeHost, number>> = {
  'nse-www': Number.POSITIVE_INFINITY,
  'nse-archives': Number.POSITIVE_INFINITY,
  'bse-www': Number.POSITIVE_INFINITY,
  'bse-api': Number.POSITIVE_INFINITY,
};
const HOME = `${BASES['nse-www']}/`;
const API = `${BASES['nse-www']}/api/corporate-announcements?index=equities&from_date=06-01-2025&to_date=06-01-2025`;
const ARCHIVE = `${BASES['nse-archives']}/content/cm/BhavCopy_NSE_CM_0_0_0_20250106_F_0000.csv.zip`;

/** A clock whose sleeps return at once, moving its time on and noting how long each was. */
function steppingClock(start = Date.parse('2025-01-06T13:00:00Z')) {
  let now = start;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
  return { clock, sleeps };
}

interface Sent {
  readonly url: string;
  readonly headers: Record<string, string>;
}

/** A fetch that answers by a handler and notes each request. */
function fakeFetch(handler: (url: string, index: number) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    sent.push({ url, headers: { ...(init?.headers as Record<string, string>) } });
    return Promise.resolve(handler(url, sent.length - 1));
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

function client(fetch: typeof globalThis.fetch, clock: Clock, overrides: Partial<ExchangeClientOptions> = {}) {
  return createExchangeClient({
    baseUrls: BASES,
    budgets: UNLIMITED,
    timeoutMs: 30_000,
    maxBytes: 1024,
    maxAttempts: 4,
    fetch,
    clock,
    random: () => 0.5,
    ...overrides,
  });
}

const json = (body: string, init: ResponseInit = {}) => new Response(body, { status: 200, ...init });
const homePage = () =>
  new Response('<html>home</html>', {
    headers: [
      ['content-type', 'text/html'],
      ['set-cookie', 'nsit=abc123; Path=/; HttpOnly; Secure'],
      ['set-cookie', 'nseappid=eyJ0; Path=/; Max-Age=3600'],
    ],
  });

describe('createExchangeClient: headers', () => {
  it('sends a browser User-Agent and a Referer of the exchange site the host belongs to', async () => {
    const { fetch, sent } = fakeFetch(() => json('x'));
    const exchange = client(fetch, steppingClock().clock);
    await exchange.get(ARCHIVE);
    await exchange.get(`${BASES['bse-api']}/BseIndiaAPI/api/ListofScripData/w?segment=Equity`);
    await exchange.get(`${BASES['bse-www']}/download/BhavCopy/Equity/BhavCopy_BSE_CM_0_0_0_20250106_F_0000.CSV`);
    expect(sent.map((s) => s.headers['User-Agent'])).toEqual([BROWSER_USER_AGENT, BROWSER_USER_AGENT, BROWSER_USER_AGENT]);
    expect(BROWSER_USER_AGENT).toMatch(/^Mozilla\/5\.0 .*Chrome\//);
    expect(sent.map((s) => s.headers.Referer)).toEqual([`${BASES['nse-www']}/`, `${BASES['bse-www']}/`, `${BASES['bse-www']}/`]);
    expect(sent.every((s) => s.headers.Cookie === undefined)).toBe(true);
  });
});

describe('createExchangeClient: the NSE cookie session', () => {
  it('warms up on the home page before the first /api/ call and sends its cookies back', async () => {
    const { fetch, sent } = fakeFetch((url) => (url === HOME ? homePage() : json('{"data":[]}')));
    const exchange = client(fetch, steppingClock().clock);
    const first = await exchange.get(API);
    await exchange.get(API);
    expect(sent.map((s) => s.url)).toEqual([HOME, API, API]);
    expect(sent[1]?.headers.Cookie).toBe('nsit=abc123; nseappid=eyJ0');
    expect(sent[2]?.headers.Cookie).toBe('nsit=abc123; nseappid=eyJ0');
    expect(sent[1]?.headers.Referer).toBe(HOME);
    expect(first.attempts).toBe(2);
  });

  it('needs no warm-up for the archives', async () => {
    const { fetch, sent } = fakeFetch(() => json('x'));
    await client(fetch, steppingClock().clock).get(ARCHIVE);
    expect(sent.map((s) => s.url)).toEqual([ARCHIVE]);
  });

  it('warms up once more after a 401 or 403 on /api/, and retries with the new cookies', async () => {
    for (const refusal of [401, 403]) {
      let homes = 0;
      const { fetch, sent } = fakeFetch((url, index) => {
        if (url === HOME) {
          homes += 1;
          return new Response('', { headers: [['set-cookie', `nsit=visit${homes}; Path=/`]] });
        }
        return index === 1 ? new Response('', { status: refusal }) : json('{"data":[1]}');
      });
      const { clock, sleeps } = steppingClock();
      const answer = await client(fetch, clock).get(API);
      expect(answer.status).toBe(200);
      expect(sent.map((s) => s.url)).toEqual([HOME, API, HOME, API]);
      expect(sent[3]?.headers.Cookie).toBe('nsit=visit2');
      expect(answer.attempts).toBe(4);
      expect(sleeps).toEqual([]);
    }
  });

  it('warms up again only once per request: a second 403 is answered', async () => {
    const { fetch, sent } = fakeFetch((url) => (url === HOME ? homePage() : new Response('', { status: 403 })));
    const answer = await client(fetch, steppingClock().clock).get(API);
    expect(answer.status).toBe(403);
    expect(sent.map((s) => s.url)).toEqual([HOME, API, HOME, API]);
  });

  it('answers a 403 from the archives as it is, without a warm-up', async () => {
    const { fetch, sent } = fakeFetch(() => new Response('', { status: 403 }));
    expect((await client(fetch, steppingClock().clock).get(ARCHIVE)).status).toBe(403);
    expect(sent).toHaveLength(1);
  });
});

describe('createExchangeClient: backoff', () => {
  it('retries a 429 after the Retry-After it states', async () => {
    const { fetch, sent } = fakeFetch((_url, index) =>
      index === 0 ? new Response('slow down', { status: 429, headers: { 'retry-after': '7' } }) : json('x'),
    );
    const { clock, sleeps } = steppingClock();
    const answer = await client(fetch, clock).get(ARCHIVE);
    expect(answer.status).toBe(200);
    expect(answer.attempts).toBe(2);
    expect(sleeps).toEqual([7_000]);
    expect(sent).toHaveLength(2);
  });

  it('backs off exponentially on 5xx, at most maxAttempts tries, then answers the last response', async () => {
    const { fetch, sent } = fakeFetch(() => new Response('busy', { status: 503 }));
    const { clock, sleeps } = steppingClock();
    const answer = await client(fetch, clock, { maxAttempts: 4 }).get(ARCHIVE);
    expect(answer.status).toBe(503);
    expect(answer.attempts).toBe(4);
    expect(sent).toHaveLength(4);
    // 1 s doubling, times a jitter of 0.5 + random() (random is 0.5 here).
    expect(sleeps).toEqual([1_000, 2_000, 4_000]);
  });

  it('keeps the backoff within maxBackoffMs, whatever the Retry-After says', async () => {
    const { fetch } = fakeFetch(() => new Response('', { status: 429, headers: { 'retry-after': '3600' } }));
    const { clock, sleeps } = steppingClock();
    await client(fetch, clock, { maxAttempts: 3, maxBackoffMs: 10_000 }).get(ARCHIVE);
    expect(sleeps).toEqual([10_000, 10_000]);
  });

  it('jitters the backoff by the random source', async () => {
    const { fetch } = fakeFetch(() => new Response('', { status: 500 }));
    const { clock, sleeps } = steppingClock();
    await client(fetch, clock, { maxAttempts: 3, random: () => 0 }).get(ARCHIVE);
    expect(sleeps).toEqual([500, 1_000]);
  });

  it('throws unreachable when every try fails at the network, after backing off between them', async () => {
    const { fetch, sent } = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const { clock, sleeps } = steppingClock();
    const failure = await client(fetch, clock, { maxAttempts: 3 })
      .get(ARCHIVE)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExchangeRequestError);
    expect(failure).toMatchObject({ kind: 'unreachable', url: ARCHIVE });
    expect((failure as Error).message).toContain('TypeError: fetch failed');
    expect(sent).toHaveLength(3);
    expect(sleeps).toEqual([1_000, 2_000]);
  });
});

describe('createExchangeClient: limits', () => {
  /** A body that never ends, counting the chunks it was asked for. */
  function endless(chunk: number) {
    const state = { pulled: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          state.pulled += 1;
          controller.enqueue(new Uint8Array(chunk).fill(0x41));
        },
        cancel() {
          state.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { body, state };
  }

  it('throws too-large for a body over maxBytes, reading no further than the limit', async () => {
    const { body, state } = endless(300);
    const { fetch } = fakeFetch(() => new Response(body));
    const failure = await client(fetch, steppingClock().clock, { maxBytes: 1024 })
      .get(ARCHIVE)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExchangeRequestError);
    expect(failure).toMatchObject({ kind: 'too-large', url: ARCHIVE });
    expect(state.pulled).toBe(4);
    expect(state.cancelled).toBe(true);
  });

  it('throws too-large on a declared Content-Length over maxBytes without reading the body', async () => {
    const { body, state } = endless(300);
    const { fetch } = fakeFetch(() => new Response(body, { headers: { 'content-length': '5000000' } }));
    const failure = await client(fetch, steppingClock().clock, { maxBytes: 1024 })
      .get(ARCHIVE)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'too-large' });
    expect(state.pulled).toBe(0);
    expect(state.cancelled).toBe(true);
  });

  it('reads a body of exactly maxBytes', async () => {
    const { fetch } = fakeFetch(() => new Response(new Uint8Array(1024)));
    expect((await client(fetch, steppingClock().clock, { maxBytes: 1024 }).get(ARCHIVE)).bytes).toHaveLength(1024);
  });

  it('refuses a URL outside the configured bases without a request', async () => {
    const { fetch, sent } = fakeFetch(() => json('x'));
    const exchange = client(fetch, steppingClock().clock);
    for (const url of [
      'https://www.nseindia.com/api/corporate-announcements',
      'http://127.0.0.1:9/nse-www-evil/api/x',
      'http://127.0.0.1:9/elsewhere',
    ]) {
      await expect(exchange.get(url)).rejects.toMatchObject({ name: 'ExchangeRequestError', kind: 'unreachable' });
    }
    expect(sent).toEqual([]);
  });
});

describe('createExchangeClient: hostOf', () => {
  it('maps each base URL, and paths under it, to its host', () => {
    const exchange = client(fakeFetch(() => json('x')).fetch, steppingClock().clock);
    for (const [host, base] of Object.entries(BASES)) {
      expect(exchange.hostOf(base)).toBe(host);
      expect(exchange.hostOf(`${base}/some/path?q=1`)).toBe(host);
    }
    expect(exchange.hostOf('http://127.0.0.1:9/nse-wwwx/api')).toBeUndefined();
    expect(exchange.hostOf('https://www.bseindia.com/')).toBeUndefined();
  });
});

describe('createExchangeClient: the response', () => {
  it('keeps status, headers, the final URL and the fetch time by the clock', async () => {
    const { fetch } = fakeFetch(
      () =>
        new Response('SYMBOL,SERIES\n', {
          headers: { 'content-type': 'text/csv', etag: '"abc"', 'last-modified': 'Mon, 06 Jan 2025 12:45:00 GMT' },
        }),
    );
    const answer = await client(fetch, steppingClock(Date.parse('2025-01-06T13:00:00Z')).clock).get(ARCHIVE);
    expect(answer).toMatchObject({
      url: ARCHIVE,
      finalUrl: ARCHIVE,
      host: 'nse-archives',
      status: 200,
      contentType: 'text/csv',
      etag: '"abc"',
      lastModified: 'Mon, 06 Jan 2025 12:45:00 GMT',
      fetchedAt: '2025-01-06T13:00:00.000Z',
      attempts: 1,
    });
    expect(new TextDecoder().decode(answer.bytes)).toBe('SYMBOL,SERIES\n');
  });
});
