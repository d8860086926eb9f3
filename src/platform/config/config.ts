import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { type IngestBusConfig, ingestBusConfigOf, ingestBusProblems, IngestBusSettings } from './ingest-bus-config.ts';
import { lookupTable } from '#platform/lookup-table';
import { type SyncConfig, syncConfigOf, SyncSettings } from './sync-config.ts';
import { packagePath } from '#platform/package-root';

/** A positive count (of requests unless `unit` says), or 0 / `off` to switch it off (undefined). */
const limitSetting = (fallback: number, description: string, unit = 'requests') =>
  z
    .string()
    .regex(/^(off|\d{1,12})$/, `must be a whole number of ${unit}, or 0 or off to switch it off`)
    .default(String(fallback))
    .transform((value) => (value === 'off' || Number(value) === 0 ? undefined : Number(value)))
    .describe(description);

const UNITS: Readonly<Record<string, number>> = lookupTable({ '': 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 });

/** The bytes a size names (`64MiB`); 0 for a text that is not a size (`off`). */
function bytesOf(value: string): number {
  const [, amount = '0', unit = ''] = /^(\d+)\s*(\w*)$/.exec(value) ?? [];
  return Number(amount) * (UNITS[unit] ?? 1);
}

/** A size in bytes: a whole number, optionally in KiB, MiB or GiB (binary units), e.g. `64MiB`. */
const byteSetting = (fallback: number, description: string) =>
  z
    .string()
    .regex(/^\d{1,15}\s*(KiB|MiB|GiB)?$/, 'must be a whole number of bytes, optionally with KiB, MiB or GiB, e.g. 64MiB')
    .default(String(fallback))
    .transform(bytesOf)
    .refine((bytes) => bytes >= 1 && Number.isSafeInteger(bytes), 'must be at least 1 byte')
    .describe(description);

/** A size in bytes as byteSetting reads it, or `0`/`off` for none (undefined). */
const optionalByteSetting = (fallback: string, description: string) =>
  z
    .string()
    .regex(/^(off|\d{1,15}\s*(KiB|MiB|GiB)?)$/, 'must be a whole number of bytes, optionally with KiB, MiB or GiB, or 0 or off')
    .default(fallback)
    .transform((value) => bytesOf(value) || undefined)
    .describe(description);

/**
 * How much one input to ingestion may hold (docs/ingestion.md, "Limits"). An input over a
 * limit is rejected unread, at receipt: its bytes are neither parsed nor kept.
 */
export interface IngestLimits {
  /** Largest document in bytes: a file, or one zip entry once expanded. */
  readonly maxDocumentBytes: number;
  /** Most bytes one zip archive may expand to, all its entries together. */
  readonly maxArchiveBytes: number;
  /** Largest expanded / compressed size of a zip entry that expands to more than 1 MiB. */
  readonly maxCompressionRatio: number;
  /** Most files one zip archive may hold: each is a document, with its events and its line in a summary. */
  readonly maxArchiveEntries: number;
}

// The largest real file in the project's corpus is 2.2 MB (the shareholding JSON) and the
// best-compressed real archive member about 18:1 (XBRL); exchange PDFs such as annual
// reports reach tens of MB. A zip bomb of zeros expands about 1,000:1. The exchanges' own
// archives hold one file each (a bhavcopy); an archive of a year's daily files holds a few
// hundred, while 100,000 tiny entries fit in 10 MB and made as many documents and events.
export const DEFAULT_INGEST_LIMITS: IngestLimits = {
  maxDocumentBytes: 64 * 1024 ** 2,
  maxArchiveBytes: 256 * 1024 ** 2,
  maxCompressionRatio: 100,
  maxArchiveEntries: 10_000,
};

// Named ranges Fastify's trustProxy understands (proxy-addr), beside addresses and CIDRs.
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** A proxy the API may take the client address from: a named range, an address, or address/prefix. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** `scheme://host[:port]` and nothing else. */
function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

/** What one request may make the API read (docs/api.md, "Request limits"). */
export interface RequestLimits {
  /** Largest request body in bytes; a larger one is refused with 413 before it is read in full. */
  readonly bodyLimit: number;
  /** Deepest nesting of arrays and objects in a JSON body; a deeper one is a 422 before it is parsed. */
  readonly jsonMaxDepth: number;
}

/**
 * The largest bodies the API takes are a question with its plan, or a batch of MCP calls: a
 * few kilobytes to a few tens. 64 KiB leaves room for them and keeps the work of reading one
 * body (parse, NUL check, validation) to milliseconds; no body or MCP message the API takes
 * nests more than a handful of levels.
 */
export const DEFAULT_REQUEST_LIMITS: RequestLimits = { bodyLimit: 65_536, jsonMaxDepth: 32 };

/**
 * How long a client may take to send a request and hold a connection, and how many connections
 * one address may hold (docs/api.md, "Connection limits"). Node's own defaults would leave a
 * request's body unbounded under Fastify (which switches `requestTimeout` off) and an idle
 * keep-alive socket open 73 s.
 */
export interface ConnectionLimits {
  /** Longest from a connection's (or a request's) first byte to the end of its headers; then 408 and closed. */
  readonly headersTimeoutMs: number;
  /** Longest to receive a whole request, headers and body; then 408 and closed. The response is not bounded by it. */
  readonly requestTimeoutMs: number;
  /** Longest a keep-alive connection stays open with no request on it (Node adds a second). */
  readonly keepAliveTimeoutMs: number;
  /** Connections one client address (an IPv6 /64) may hold at once; no cap when undefined. */
  readonly maxConnectionsPerAddress: number | undefined;
}

/**
 * A request line and headers arrive in one packet from any client that is not stalling; the
 * largest body (a 64 MiB upload, docs/relay.md) takes two minutes at 4 Mbit/s. Idle keep-alive
 * sockets close after Node's own 5 s (a proxy in front must give them up first: deploy/nginx.conf).
 * 64 connections are ten times what a browser opens to a host, and sixteen addresses at most
 * fill a process's 1,024 descriptors.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  maxConnectionsPerAddress: 64,
};

/** Loopback names: a service bound to one is reached only from this machine, through these. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const isLoopback = (host: string) => ['localhost', '127.0.0.1', '::1', '[::1]'].includes(host);

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000).describe('HTTP port'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Interface to listen on; 0.0.0.0 for all'),
  DATA_DIR: z.string().min(1).default('./data').describe('Folder for the embedded database and raw documents'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional()
    .describe('A PostgreSQL server; without it the service runs on embedded PGlite in DATA_DIR'),
  EVENT_STORE: z
    .enum(['postgres', 'kurrentdb'])
    .default('postgres')
    .describe('Where the events the projections read are kept: es_events in the database, or KurrentDB at KURRENTDB_URL'),
  KURRENTDB_URL: z
    .string()
    .regex(/^(kurrentdb|kdb|esdb)(\+discover)?:\/\//, 'must be a kurrentdb:// connection string')
    .optional()
    .describe('The KurrentDB server (or cluster) for EVENT_STORE=kurrentdb, e.g. kurrentdb://kurrentdb:2113?tls=false'),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d{1,7}(kB|MB|GB)$/, 'must be a size in PostgreSQL units, e.g. 16MB')
    .optional()
    .describe('Buffer cache of the embedded database (PGlite); PostgreSQL units, e.g. 64MB'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).optional(),
  REBUILD_SWAP_LOCK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60_000)
    .default(500)
    .describe('Longest a rebuild waits for readers when it swaps its tables in (then it catches up and tries again)'),
  READ_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600_000)
    .default(5_000)
    .describe(
      "Longest one statement of the API's and MCP tools' reads may run before it is cancelled and the request answered 503 (PostgreSQL), or the request answered 503 while it finishes (PGlite)",
    ),
  INGEST_WORKERS: z.coerce.number().int().min(1).max(64).optional().describe('Parsing jobs at once in this process'),
  INGEST_PARSE_THREADS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .optional()
    .describe('Worker threads that parse documents off the event loop; 0 parses on it'),
  INGEST_NICE: z.coerce
    .number()
    .int()
    .min(0)
    .max(19)
    .optional()
    .describe('CPU priority (nice) `npm run ingest` lowers itself to, so an API beside it answers first; 0 leaves it'),
  INGEST_JOB_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(3)
    .max(3600)
    .default(30)
    .describe('Seconds a parsing job stays with a worker that has stopped renewing it (died) before another worker retries it'),
  SAMPLE_DATA_DIR: z.string().min(1).optional().describe('Files ingested on first start with an empty store'),
  INGEST_SAMPLE: z.enum(['true', 'false']).default('true').describe('Ingest the sample data on first start'),
  INGEST_MAX_DOCUMENT_BYTES: byteSetting(
    DEFAULT_INGEST_LIMITS.maxDocumentBytes,
    'Largest document ingested (a file, or a zip entry expanded); larger ones are rejected unread',
  ),
  INGEST_MAX_ARCHIVE_BYTES: byteSetting(
    DEFAULT_INGEST_LIMITS.maxArchiveBytes,
    'Most bytes one zip archive may expand to, all entries together',
  ),
  INGEST_MAX_COMPRESSION_RATIO: z.coerce
    .number()
    .min(1)
    .max(100_000)
    .default(DEFAULT_INGEST_LIMITS.maxCompressionRatio)
    .describe('Largest expanded/compressed ratio of a zip entry over 1 MiB'),
  INGEST_MAX_ARCHIVE_ENTRIES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_INGEST_LIMITS.maxArchiveEntries)
    .describe('Most files one zip archive may hold; an archive with more is refused unexpanded'),
  RATE_LIMIT_PER_MINUTE: limitSetting(600, 'Requests per API key per calendar minute; 0 or off for no limit'),
  MONTHLY_ALLOWANCE: limitSetting(1_000_000, 'Requests per API key per calendar month (UTC); 0 or off for none'),
  PUBLIC_RATE_LIMIT_PER_MINUTE: limitSetting(
    120,
    'Requests per client address per calendar minute to the routes answered without a key; 0 or off for no limit',
  ),
  RESPONSE_CACHE_SIZE: optionalByteSetting(
    '64MiB',
    'Most memory the response cache of an API process may hold (docs/caching.md); 0 or off for no cache',
  ),
  MALLOC_TRIM_SECONDS: limitSetting(
    10,
    "Seconds between returns of the C heap's free memory to the system (glibc's malloc_trim, docs/database.md#memory), up to a day; 0 or off for none",
    'seconds',
  ).refine((seconds) => seconds === undefined || seconds <= 86_400, 'must be at most 86400 (a day), or 0 or off'),
  TRUST_PROXY: z
    .string()
    .refine(
      (value) => value.split(',').every((entry) => isProxyEntry(entry.trim())),
      'must be comma-separated proxy addresses or CIDRs (e.g. 10.0.0.5,192.168.0.0/16), or loopback, linklocal, uniquelocal',
    )
    .optional()
    .describe('Reverse proxies whose X-Forwarded-For names the client; without it the client is the connecting address'),
  MAX_KEYS_PER_WORKSPACE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(20)
    .describe('Unrevoked API keys a workspace may hold; each has its own allowance'),
  // The SDK refuses batches over 100 messages itself.
  MCP_MAX_BATCH_MESSAGES: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .describe('Messages one JSON-RPC batch to the MCP endpoint may hold (2025-03-26 clients); each counts as a request'),
  HTTP_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(DEFAULT_REQUEST_LIMITS.bodyLimit)
    .describe('Largest request body in bytes; a larger one is refused with 413 unread'),
  HTTP_JSON_MAX_DEPTH: z.coerce
    .number()
    .int()
    .min(8)
    .max(512)
    .default(DEFAULT_REQUEST_LIMITS.jsonMaxDepth)
    .describe('Deepest nesting of lists and objects in a JSON body; deeper is a 422 before parsing'),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs)
    .describe('Longest a client may take to send a request line and headers; then 408 and the connection closed'),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs)
    .describe('Longest a client may take to send a whole request, body included; then 408 and the connection closed'),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs)
    .describe('Longest an idle keep-alive connection stays open between requests'),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: limitSetting(
    DEFAULT_CONNECTION_LIMITS.maxConnectionsPerAddress ?? 0,
    'Connections one client address may hold at once (trusted proxies excepted); more are closed at once; 0 or off for no cap',
    'connections',
  ),
  CORS_ORIGINS: z
    .string()
    .default('*')
    .refine(
      (value) => value.trim() === '*' || value.split(',').every((origin) => isOrigin(origin.trim())),
      'must be * or comma-separated origins such as https://app.example.com',
    )
    .describe('Origins browsers may call the API and the MCP endpoint from'),
  MCP_ALLOWED_HOSTS: z
    .string()
    .regex(/^[^\s,]+(,[^\s,]+)*$/, 'must be comma-separated host names, e.g. mcp.example.com,localhost')
    .optional()
    .describe('Host header names the MCP endpoint accepts (DNS rebinding protection)'),
  ...SyncSettings,
  ANSWER_MODEL_URL: z.url().optional().describe('OpenAI-compatible chat completions endpoint for the optional answer writer'),
  ANSWER_MODEL_API_KEY: z.string().min(1).optional(),
  ANSWER_MODEL_NAME: z.string().min(1).optional(),
  ...IngestBusSettings,
});

/** Headers are part of the request: Node refuses a headers timeout longer than the request timeout. */
function timeoutProblems(c: { HTTP_HEADERS_TIMEOUT_MS: number; HTTP_REQUEST_TIMEOUT_MS: number }): string[] {
  return c.HTTP_HEADERS_TIMEOUT_MS > c.HTTP_REQUEST_TIMEOUT_MS
    ? [`HTTP_HEADERS_TIMEOUT_MS: must be at most HTTP_REQUEST_TIMEOUT_MS (${c.HTTP_REQUEST_TIMEOUT_MS})`]
    : [];
}

/** The event store the projections read (docs/adr/0009-kurrentdb-client.md). */
export type EventStoreSetting = { readonly kind: 'postgres' } | { readonly kind: 'kurrentdb'; readonly url: string };

/** EVENT_STORE=kurrentdb needs its URL, and a server for the read side: its appends claim ids there while a projection batch holds a transaction. */
function eventStoreSetting(c: {
  EVENT_STORE: 'postgres' | 'kurrentdb';
  KURRENTDB_URL?: string | undefined;
  DATABASE_URL?: string | undefined;
}): EventStoreSetting {
  if (c.EVENT_STORE === 'postgres') return { kind: 'postgres' };
  const problems = [
    ...(c.KURRENTDB_URL ? [] : ['KURRENTDB_URL: required when EVENT_STORE=kurrentdb']),
    ...(c.DATABASE_URL ? [] : ['DATABASE_URL: EVENT_STORE=kurrentdb needs a PostgreSQL server for the read side, not embedded PGlite']),
  ];
  if (problems.length > 0 || !c.KURRENTDB_URL) throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  return { kind: 'kurrentdb', url: c.KURRENTDB_URL };
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** Where the events live: PostgreSQL (the default) or KurrentDB. */
  readonly eventStore: EventStoreSetting;
  /** PGlite's buffer cache, e.g. `64MB`; undefined for the service's default. */
  readonly pgliteSharedBuffers: string | undefined;
  readonly logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  /** Events per projection transaction; undefined for the database's default (500 on a server, 100 on PGlite). */
  readonly projectorBatchSize: number | undefined;
  /**
   * The longest a projection rebuild's swap waits for readers to let go of the live tables;
   * readers wait behind it meanwhile. Keep it below the server's deadlock_timeout (1 s by default).
   */
  readonly rebuildSwapLockTimeoutMs: number;
  /**
   * Longest one read statement of the API and the MCP tools may run (docs/read-time-limits.md):
   * a PostgreSQL server cancels it, embedded PGlite answers 503 while it finishes.
   */
  readonly readStatementTimeoutMs: number;
  /** Parsing jobs at once in one process: 1 on PGlite (one connection), 2 on a server. */
  readonly ingestWorkers: number;
  /** Worker threads that parse, off the event loop (0: on it); by default one per core, at most 4. */
  readonly ingestParseThreads: number;
  /** The nice value `npm run ingest` runs at; 0 leaves its priority. */
  readonly ingestNice: number;
  /**
   * Seconds a parsing job stays with a worker that stopped renewing it before it is retried
   * (docs/ingestion.md, "Crashed workers").
   */
  readonly ingestJobLeaseSeconds: number;
  /** Ingested by `npm start` into an empty store (and completed after a crash); undefined to skip. */
  readonly sampleDataDir: string | undefined;
  /** What one file or zip archive given to ingestion may hold. */
  readonly ingestLimits: IngestLimits;
  /** Requests per key per calendar minute; undefined when switched off. */
  readonly rateLimitPerMinute: number | undefined;
  /** Requests per key per calendar month (UTC); undefined when switched off. */
  readonly monthlyAllowance: number | undefined;
  /** Requests per client address per calendar minute to the public routes; undefined when off. */
  readonly publicRateLimitPerMinute: number | undefined;
  /** The most the response cache of an API process may hold, in bytes (docs/caching.md); undefined for none. */
  readonly responseCacheBytes: number | undefined;
  /** Seconds between returns of the C heap's free memory to the system; undefined for none. */
  readonly mallocTrimSeconds: number | undefined;
  /** Proxies trusted to name the client in X-Forwarded-For (docs/rate-limits.md); empty: none. */
  readonly trustProxy: readonly string[];
  /** Unrevoked API keys a workspace may hold (docs/auth.md). */
  readonly maxKeysPerWorkspace: number;
  /** Messages one JSON-RPC batch to the MCP endpoint may hold (docs/mcp.md). */
  readonly mcpMaxBatchMessages: number;
  /** Body size and JSON nesting a request may have. */
  readonly requestLimits: RequestLimits;
  /** Request timeouts, idle keep-alive and connections per address (docs/api.md, "Connection limits"). */
  readonly connectionLimits: ConnectionLimits;
  /** Origins browsers may call from: `*` for any, or a list (docs/mcp.md). */
  readonly corsOrigins: '*' | readonly string[];
  /**
   * Host header names the MCP endpoint accepts: MCP_ALLOWED_HOSTS, or by default the
   * loopback names when the service listens on a loopback address; undefined accepts any.
   */
  readonly mcpAllowedHosts: readonly string[] | undefined;
  /** The optional model-backed answer writer (docs/answers.md); all undefined for none. */
  readonly answerModel: { readonly ANSWER_MODEL_URL?: string; readonly ANSWER_MODEL_API_KEY?: string; readonly ANSWER_MODEL_NAME?: string };
  /** The ingestion bus: pg-boss by default, or Kafka (docs/ingestion-bus.md). */
  readonly ingestBus: IngestBusConfig;
  /** The exchange connectors (docs/sync.md). */
  readonly sync: SyncConfig;
}

export const BUNDLED_SAMPLE_DIR = `${packagePath('sample-data')}/`;

/** Reads the configuration from an environment; throws with every problem at once. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  // An empty variable means unset, as in most shells' `VAR= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = ConfigSchema.safeParse(present);
  const problems = result.success
    ? [...ingestBusProblems(result.data), ...timeoutProblems(result.data)]
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (!result.success || problems.length > 0) throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  const c = result.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    eventStore: eventStoreSetting(c),
    pgliteSharedBuffers: c.PGLITE_SHARED_BUFFERS,
    logLevel: c.LOG_LEVEL,
    projectorBatchSize: c.PROJECTOR_BATCH_SIZE,
    rebuildSwapLockTimeoutMs: c.REBUILD_SWAP_LOCK_TIMEOUT_MS,
    readStatementTimeoutMs: c.READ_STATEMENT_TIMEOUT_MS,
    ingestWorkers: c.INGEST_WORKERS ?? (c.DATABASE_URL ? 2 : 1),
    // Embedded PGlite: one thread. Its one connection, not parsing, bounds ingestion there, and
    // each parse thread holds a heap and every parser's code (docs/ingestion.md#parse-threads).
    ingestParseThreads: c.INGEST_PARSE_THREADS ?? (c.DATABASE_URL ? Math.min(4, availableParallelism()) : 1),
    // A server is shared with the API that reads it: the batch job yields the cores to it (docs/ingestion.md).
    ingestNice: c.INGEST_NICE ?? (c.DATABASE_URL ? 10 : 0),
    ingestJobLeaseSeconds: c.INGEST_JOB_LEASE_SECONDS,
    sampleDataDir: c.INGEST_SAMPLE === 'true' ? (c.SAMPLE_DATA_DIR ?? BUNDLED_SAMPLE_DIR) : undefined,
    ingestLimits: {
      maxDocumentBytes: c.INGEST_MAX_DOCUMENT_BYTES,
      maxArchiveBytes: c.INGEST_MAX_ARCHIVE_BYTES,
      maxCompressionRatio: c.INGEST_MAX_COMPRESSION_RATIO,
      maxArchiveEntries: c.INGEST_MAX_ARCHIVE_ENTRIES,
    },
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    monthlyAllowance: c.MONTHLY_ALLOWANCE,
    publicRateLimitPerMinute: c.PUBLIC_RATE_LIMIT_PER_MINUTE,
    responseCacheBytes: c.RESPONSE_CACHE_SIZE,
    mallocTrimSeconds: c.MALLOC_TRIM_SECONDS,
    trustProxy: c.TRUST_PROXY?.split(',').map((entry) => entry.trim()) ?? [],
    maxKeysPerWorkspace: c.MAX_KEYS_PER_WORKSPACE,
    mcpMaxBatchMessages: c.MCP_MAX_BATCH_MESSAGES,
    requestLimits: { bodyLimit: c.HTTP_BODY_LIMIT, jsonMaxDepth: c.HTTP_JSON_MAX_DEPTH },
    connectionLimits: {
      headersTimeoutMs: c.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: c.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: c.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerAddress: c.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    },
    corsOrigins: c.CORS_ORIGINS.trim() === '*' ? '*' : c.CORS_ORIGINS.split(',').map((origin) => origin.trim()),
    mcpAllowedHosts: c.MCP_ALLOWED_HOSTS?.split(',') ?? (isLoopback(c.HOST) ? LOOPBACK_HOSTS : undefined),
    answerModel: {
      ...(c.ANSWER_MODEL_URL ? { ANSWER_MODEL_URL: c.ANSWER_MODEL_URL } : {}),
      ...(c.ANSWER_MODEL_API_KEY ? { ANSWER_MODEL_API_KEY: c.ANSWER_MODEL_API_KEY } : {}),
      ...(c.ANSWER_MODEL_NAME ? { ANSWER_MODEL_NAME: c.ANSWER_MODEL_NAME } : {}),
    },
    ingestBus: ingestBusConfigOf(c),
    sync: syncConfigOf(c),
  };
}
