import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildCatalogue } from './build-catalogue.ts';
import { REPLAY_HOSTS, type Catalogue, type ReplayHost } from './catalogue.ts';
import { NseCookieGate } from './cookie-gate.ts';
import { findCorpusRoots } from './corpus-roots.ts';
import {
  DEFAULT_BURST_429,
  DEFAULT_COOKIE_POLICY,
  DEFAULT_NSE_WINDOW_CAP_DAYS,
  type ReplayOptions,
  type ReplayRequest,
} from './options.ts';
import { ACCESS_DENIED_PAGE, HOME_PAGE, TOO_MANY_REQUESTS_PAGE } from './pages.ts';
import { Publications, contentTypeOf } from './publications.ts';
import { Resolver, type Resolved } from './resolve.ts';

/** The base URLs that stand in for the exchanges' hosts. */
export interface ExchangeUrls {
  readonly NSE_WWW_URL: string;
  readonly NSE_ARCHIVES_URL: string;
  readonly BSE_WWW_URL: string;
  readonly BSE_API_URL: string;
}

export interface ReplayServer {
  readonly urls: ExchangeUrls;
  readonly requests: ReadonlyArray<ReplayRequest>;
  /** Adds or replaces the body at a full URL (a base URL + path, with or without a query). */
  publish(url: string, body: Uint8Array | string, contentType?: string): void;
  /** Withdraws a URL: it answers the "not available" page until published again. */
  unpublish(url: string): void;
  close(): Promise<void>;
  /** the corpus files it serves, by dataset, for tests that ingest the same files by hand */
  readonly served: ReadonlyArray<{ dataset: string; url: string; file?: string; builtFrom?: string }>;
}

const HTML = 'text/html; charset=utf-8';

/** Archive hosts serve files with validators; the API hosts do not. */
const ARCHIVE_HOSTS: ReadonlySet<ReplayHost> = new Set(['nse-archives', 'bse-www']);

/**
 * Catalogues by whether ../shared is read, built once per process: reading the listings takes
 * seconds, and a catalogue never changes (run-time changes live in each server's publications).
 */
const catalogues = new Map<boolean, Catalogue>();

function catalogueFor(useShared: boolean): Catalogue {
  let catalogue = catalogues.get(useShared);
  if (!catalogue) catalogues.set(useShared, (catalogue = buildCatalogue(findCorpusRoots(useShared))));
  return catalogue;
}

interface Answer extends Resolved {
  readonly headers?: Record<string, string | string[]>;
}

function splitHost(pathname: string): { host: ReplayHost; path: string } | undefined {
  const host = REPLAY_HOSTS.find((h) => pathname === `/${h}` || pathname.startsWith(`/${h}/`));
  return host ? { host, path: pathname.slice(host.length + 1) || '/' } : undefined;
}

function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
}

function write(req: IncomingMessage, res: ServerResponse, answer: Answer, archive: boolean): number {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : Buffer.from(answer.body);
  const headers: Record<string, string | string[] | number> = { 'Content-Type': answer.contentType, ...answer.headers };
  let status = answer.status;
  if (archive && status === 200 && answer.modifiedAt !== undefined) {
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    headers['ETag'] = etag;
    headers['Last-Modified'] = new Date(answer.modifiedAt).toUTCString();
    const since = Date.parse(req.headers['if-modified-since'] ?? '');
    const fresh =
      req.headers['if-none-match'] !== undefined
        ? req.headers['if-none-match'] === etag
        : since >= Math.floor(answer.modifiedAt / 1000) * 1000;
    if (fresh) status = 304;
  }
  if (status === 304) {
    res.writeHead(304, { ETag: headers['ETag']!, 'Last-Modified': headers['Last-Modified']! }).end();
    return status;
  }
  res.writeHead(status, { ...headers, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
  return status;
}

/**
 * Starts the loopback replay of NSE's and BSE's hosts: real recorded files at the real paths
 * (constructed ones where none was recorded: SOURCES.md), with the exchanges' misbehaviours.
 */
export async function startExchangeReplay(options: ReplayOptions = {}): Promise<ReplayServer> {
  const now = options.now ?? Date.now;
  const catalogue = catalogueFor(options.useSharedData ?? true);
  const publications = new Publications();
  const resolver = new Resolver(
    catalogue,
    {
      publishedUntil: options.publishedUntil,
      holidays: new Set(options.holidays ?? []),
      nseWindowCapDays: options.nseWindowCapDays === false ? undefined : (options.nseWindowCapDays ?? DEFAULT_NSE_WINDOW_CAP_DAYS),
      bseWindowCapDays: options.bseWindowCapDays === false ? undefined : options.bseWindowCapDays,
    },
    publications,
    now(),
  );
  const gate = options.nseCookie === false ? undefined : new NseCookieGate(options.nseCookie ?? DEFAULT_COOKIE_POLICY, now);
  const burst = options.burst429 === false ? undefined : (options.burst429 ?? DEFAULT_BURST_429);
  const counts = new Map<ReplayHost, number>();
  const requests: Array<ReplayRequest & { status: number }> = [];

  const answer = (host: ReplayHost, path: string, query: string, req: IncomingMessage): Answer => {
    const count = (counts.get(host) ?? 0) + 1;
    counts.set(host, count);
    if (burst && burst.every > 0 && count % burst.every === 0) {
      return { status: 429, body: TOO_MANY_REQUESTS_PAGE, contentType: HTML, headers: { 'Retry-After': '1' } };
    }
    if (host === 'nse-www' && path.startsWith('/api/') && gate) {
      const verdict = gate.check(req.headers.cookie);
      if (verdict === 'missing') return { status: 403, body: ACCESS_DENIED_PAGE, contentType: HTML };
      if (verdict === 'expired') return { status: 401, body: JSON.stringify({ message: 'Unauthorized' }), contentType: 'application/json' };
    }
    if (host === 'nse-www' && !path.startsWith('/api/') && publications.stateOf(host, path, query) === undefined) {
      return { status: 200, body: HOME_PAGE, contentType: HTML, headers: gate ? { 'Set-Cookie': gate.issue() } : {} };
    }
    return resolver.resolve(host, path, query);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    const located = splitHost(url.pathname);
    if (!located || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(located ? 405 : 404, { 'Content-Type': 'text/plain' }).end();
      return;
    }
    const query = url.search.slice(1);
    const record = { ...located, method: req.method, query, status: 0, at: now(), headers: headersOf(req) };
    requests.push(record);
    const delay = options.delayMs ? sleep(options.delayMs) : Promise.resolve();
    void delay.then(() => {
      record.status = write(req, res, answer(located.host, located.path, query, req), ARCHIVE_HOSTS.has(located.host));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls: ExchangeUrls = {
    NSE_WWW_URL: `${origin}/nse-www`,
    NSE_ARCHIVES_URL: `${origin}/nse-archives`,
    BSE_WWW_URL: `${origin}/bse-www`,
    BSE_API_URL: `${origin}/bse-api`,
  };

  const locate = (full: string) => {
    const url = new URL(full);
    const located = url.origin === origin ? splitHost(url.pathname) : undefined;
    if (!located) throw new Error(`${full} is not under one of the replay's base URLs (${Object.values(urls).join(', ')})`);
    return { ...located, query: url.search.slice(1) };
  };

  return {
    urls,
    requests,
    served: [
      ...catalogue.files.map((f) => ({
        dataset: f.dataset,
        url: `${origin}/${f.host}${f.path}`,
        ...(f.file ? { file: f.file } : {}),
        ...(f.builtFrom ? { builtFrom: f.builtFrom } : {}),
      })),
      ...catalogue.apis.map((a) => ({ dataset: a.dataset, url: `${origin}/${a.host}${a.path}?${a.example}` })),
    ],
    publish(full, body, contentType) {
      const { host, path, query } = locate(full);
      const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
      publications.publish(host, path, query, { body: bytes, contentType: contentType ?? contentTypeOf(path), at: now() });
    },
    unpublish(full) {
      const { host, path, query } = locate(full);
      publications.unpublish(host, path, query);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
