import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { BUNDLED_SAMPLE_DIR, DEFAULT_CONNECTION_LIMITS, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded PGlite in ./data on port 8000 with no configuration', () => {
    expect(loadConfig({})).toEqual({
      port: 8000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      eventStore: { kind: 'postgres' },
      pgliteSharedBuffers: undefined,
      logLevel: 'info',
      projectorBatchSize: undefined,
      rebuildSwapLockTimeoutMs: 500,
      readStatementTimeoutMs: 5_000,
      ingestWorkers: 1,
      ingestParseThreads: 1,
      ingestNice: 0,
      ingestJobLeaseSeconds: 30,
      sampleDataDir: BUNDLED_SAMPLE_DIR,
      ingestLimits: {
        maxDocumentBytes: 64 * 1024 ** 2,
        maxArchiveBytes: 256 * 1024 ** 2,
        maxCompressionRatio: 100,
        maxArchiveEntries: 10_000,
      },
      rateLimitPerMinute: 600,
      monthlyAllowance: 1_000_000,
      publicRateLimitPerMinute: 120,
      responseCacheBytes: 64 * 1024 ** 2,
      mallocTrimSeconds: 10,
      trustProxy: [],
      sync: {
        follow: false,
        datasets: undefined,
        baseUrls: {
          'nse-www': 'https://www.nseindia.com',
          'nse-archives': 'https://nsearchives.nseindia.com',
          'bse-www': 'https://www.bseindia.com',
          'bse-api': 'https://api.bseindia.com',
        },
        budgets: { 'nse-www': 3, 'nse-archives': 2, 'bse-www': 1, 'bse-api': 1 },
        timeoutMs: 30_000,
      },
      maxKeysPerWorkspace: 20,
      mcpMaxBatchMessages: 20,
      requestLimits: { bodyLimit: 65_536, jsonMaxDepth: 32 },
      connectionLimits: { headersTimeoutMs: 10_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 5_000, maxConnectionsPerAddress: 64 },
      corsOrigins: '*',
      mcpAllowedHosts: ['localhost', '127.0.0.1', '[::1]'],
      answerModel: {},
      ingestBus: { kind: 'pg-boss', reconcileAfterSeconds: undefined },
    });
    expect(BUNDLED_SAMPLE_DIR).toMatch(/\/sample-data\/$/);
  });

  it('reads the environment, treating empty variables as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h:5432/db',
      DATA_DIR: '',
      HOST: '0.0.0.0',
      INGEST_SAMPLE: 'false',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@h:5432/db',
      dataDir: './data',
      host: '0.0.0.0',
      ingestWorkers: 2,
      // On a server a parse thread per core (at most 4); embedded PGlite has one (above).
      ingestParseThreads: Math.min(4, availableParallelism()),
      // On a server `npm run ingest` yields the cores to the API reading beside it.
      ingestNice: 10,
      sampleDataDir: undefined,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', INGEST_NICE: '0' }).ingestNice).toBe(0);
    expect(() => loadConfig({ INGEST_NICE: '20' })).toThrow(/INGEST_NICE/);
  });

  it('keeps events in PostgreSQL by default, in KurrentDB when asked, and then needs its URL and a server', () => {
    const server = { DATABASE_URL: 'postgres://u@h:5432/db' };
    expect(loadConfig(server).eventStore).toEqual({ kind: 'postgres' });
    expect(loadConfig({ ...server, EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://kurrentdb:2113?tls=false' }).eventStore).toEqual({
      kind: 'kurrentdb',
      url: 'kurrentdb://kurrentdb:2113?tls=false',
    });
    expect(() => loadConfig({ ...server, EVENT_STORE: 'kurrentdb' })).toThrow(/KURRENTDB_URL: required when EVENT_STORE=kurrentdb/);
    expect(() => loadConfig({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://k:2113' })).toThrow(
      /DATABASE_URL: .*not embedded PGlite/,
    );
    expect(() => loadConfig({ ...server, EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'http://k:2113' })).toThrow(/KURRENTDB_URL/);
    expect(() => loadConfig({ EVENT_STORE: 'eventstoredb' })).toThrow(/EVENT_STORE/);
  });

  it('reads the optional answer model settings, and refuses a URL that is not one', () => {
    expect(loadConfig({ ANSWER_MODEL_URL: 'http://127.0.0.1:9999/v1/chat/completions', ANSWER_MODEL_NAME: 'm' }).answerModel).toEqual({
      ANSWER_MODEL_URL: 'http://127.0.0.1:9999/v1/chat/completions',
      ANSWER_MODEL_NAME: 'm',
    });
    expect(() => loadConfig({ ANSWER_MODEL_URL: 'not a url' })).toThrow(/ANSWER_MODEL_URL/);
  });

  it('reads CORS origins and the MCP host names; loopback names by default only on a loopback address', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:6274' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:6274',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'a.example' })).toThrow(/CORS_ORIGINS/);
    expect(loadConfig({ HOST: '0.0.0.0' }).mcpAllowedHosts).toBeUndefined();
    expect(loadConfig({ HOST: '::1' }).mcpAllowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(loadConfig({ HOST: '0.0.0.0', MCP_ALLOWED_HOSTS: 'mcp.example.com,localhost' }).mcpAllowedHosts).toEqual([
      'mcp.example.com',
      'localhost',
    ]);
    expect(() => loadConfig({ MCP_ALLOWED_HOSTS: 'a, b' })).toThrow(/MCP_ALLOWED_HOSTS/);
  });

  it('reads the per-key limits, where 0 or off switches a limit off', () => {
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '5', MONTHLY_ALLOWANCE: 'off' })).toMatchObject({
      rateLimitPerMinute: 5,
      monthlyAllowance: undefined,
    });
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0', MONTHLY_ALLOWANCE: '20' })).toMatchObject({
      rateLimitPerMinute: undefined,
      monthlyAllowance: 20,
    });
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-1', MONTHLY_ALLOWANCE: '1.5' })).toThrow(
      /RATE_LIMIT_PER_MINUTE: must be a whole number[\s\S]*MONTHLY_ALLOWANCE: must be a whole number/,
    );
  });

  it('reads the time limit of one read statement in milliseconds, at least 1 and at most ten minutes', () => {
    expect(loadConfig({ READ_STATEMENT_TIMEOUT_MS: '250' }).readStatementTimeoutMs).toBe(250);
    expect(() => loadConfig({ READ_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/READ_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ READ_STATEMENT_TIMEOUT_MS: '600001' })).toThrow(/READ_STATEMENT_TIMEOUT_MS/);
  });

  it('reads the response cache size in bytes or binary units, where 0 or off means no cache', () => {
    expect(loadConfig({ RESPONSE_CACHE_SIZE: '16MiB' }).responseCacheBytes).toBe(16 * 1024 ** 2);
    expect(loadConfig({ RESPONSE_CACHE_SIZE: 'off' }).responseCacheBytes).toBeUndefined();
    expect(loadConfig({ RESPONSE_CACHE_SIZE: '0' }).responseCacheBytes).toBeUndefined();
    expect(() => loadConfig({ RESPONSE_CACHE_SIZE: '-1' })).toThrow(/RESPONSE_CACHE_SIZE/);
  });

  it("reads the seconds between returns of the C heap's free memory, where 0 or off means never", () => {
    expect(loadConfig({ MALLOC_TRIM_SECONDS: '30' }).mallocTrimSeconds).toBe(30);
    expect(loadConfig({ MALLOC_TRIM_SECONDS: 'off' }).mallocTrimSeconds).toBeUndefined();
    expect(loadConfig({ MALLOC_TRIM_SECONDS: '0' }).mallocTrimSeconds).toBeUndefined();
    expect(loadConfig({ MALLOC_TRIM_SECONDS: '86400' }).mallocTrimSeconds).toBe(86_400);
    expect(() => loadConfig({ MALLOC_TRIM_SECONDS: '1.5' })).toThrow(/MALLOC_TRIM_SECONDS/);
    expect(() => loadConfig({ MALLOC_TRIM_SECONDS: '86401' })).toThrow(/MALLOC_TRIM_SECONDS: must be at most 86400/);
  });

  it('reads the ingestion size limits in bytes or binary units, and refuses anything else', () => {
    expect(
      loadConfig({
        INGEST_MAX_DOCUMENT_BYTES: '1048576',
        INGEST_MAX_ARCHIVE_BYTES: '2GiB',
        INGEST_MAX_COMPRESSION_RATIO: '20',
        INGEST_MAX_ARCHIVE_ENTRIES: '500',
      }).ingestLimits,
    ).toEqual({ maxDocumentBytes: 1_048_576, maxArchiveBytes: 2 * 1024 ** 3, maxCompressionRatio: 20, maxArchiveEntries: 500 });
    expect(loadConfig({ INGEST_MAX_DOCUMENT_BYTES: '512 KiB' }).ingestLimits.maxDocumentBytes).toBe(512 * 1024);
    expect(() =>
      loadConfig({ INGEST_MAX_DOCUMENT_BYTES: '64MB', INGEST_MAX_ARCHIVE_BYTES: '0', INGEST_MAX_COMPRESSION_RATIO: '0.5' }),
    ).toThrow(
      /INGEST_MAX_DOCUMENT_BYTES: must be a whole number of bytes[\s\S]*INGEST_MAX_ARCHIVE_BYTES: must be at least 1 byte[\s\S]*INGEST_MAX_COMPRESSION_RATIO/,
    );
  });

  it('reads the per-address limit of the public routes and the trusted proxies; true is no proxy list', () => {
    expect(loadConfig({ PUBLIC_RATE_LIMIT_PER_MINUTE: 'off' }).publicRateLimitPerMinute).toBeUndefined();
    expect(loadConfig({ PUBLIC_RATE_LIMIT_PER_MINUTE: '30' }).publicRateLimitPerMinute).toBe(30);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.5,192.168.0.0/16,fd00::/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
    ]);
    for (const bad of ['true', '1', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/8'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('reads the ingestion job lease, and refuses one too short to renew or longer than an hour', () => {
    expect(loadConfig({ INGEST_JOB_LEASE_SECONDS: '90' }).ingestJobLeaseSeconds).toBe(90);
    expect(() => loadConfig({ INGEST_JOB_LEASE_SECONDS: '1' })).toThrow(/INGEST_JOB_LEASE_SECONDS/);
    expect(() => loadConfig({ INGEST_JOB_LEASE_SECONDS: '3601' })).toThrow(/INGEST_JOB_LEASE_SECONDS/);
  });

  it("reads the embedded database's buffer cache in PostgreSQL's units, and refuses anything else", () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '512kB' }).pgliteSharedBuffers).toBe('512kB');
    for (const bad of ['64', '64MiB', '64 MB', '1TB', "16MB' -c fsync=on"])
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(/PGLITE_SHARED_BUFFERS: must be a size in PostgreSQL units/);
  });

  it('reads the request body limits, within their bounds', () => {
    expect(loadConfig({ HTTP_BODY_LIMIT: '1048576', HTTP_JSON_MAX_DEPTH: '64' }).requestLimits).toEqual({
      bodyLimit: 1_048_576,
      jsonMaxDepth: 64,
    });
    expect(() => loadConfig({ HTTP_BODY_LIMIT: '10', HTTP_JSON_MAX_DEPTH: '100000' })).toThrow(/HTTP_BODY_LIMIT[\s\S]*HTTP_JSON_MAX_DEPTH/);
  });

  it('reads the connection limits, within their bounds, a headers timeout no longer than the request timeout', () => {
    expect(loadConfig({}).connectionLimits).toEqual(DEFAULT_CONNECTION_LIMITS);
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '300000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: '256',
      }).connectionLimits,
    ).toEqual({ headersTimeoutMs: 5000, requestTimeoutMs: 300_000, keepAliveTimeoutMs: 65_000, maxConnectionsPerAddress: 256 });
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: 'off' }).connectionLimits.maxConnectionsPerAddress).toBeUndefined();
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '0', HTTP_KEEP_ALIVE_TIMEOUT_MS: '-1' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS[\s\S]*HTTP_KEEP_ALIVE_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '20000' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_MS: must be at most HTTP_REQUEST_TIMEOUT_MS (20000)',
    );
  });

  it('reads the ingestion bus: pg-boss unless INGEST_BUS=kafka, which needs its brokers and reconciles by default', () => {
    expect(loadConfig({ INGEST_BUS: 'pg-boss', INGEST_RECONCILE_AFTER_SECONDS: '120' }).ingestBus).toEqual({
      kind: 'pg-boss',
      reconcileAfterSeconds: 120,
    });
    expect(loadConfig({ INGEST_BUS: 'kafka', KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092' }).ingestBus).toEqual({
      kind: 'kafka',
      brokers: ['kafka-1:9092', 'kafka-2:9092'],
      topic: 'ingest-documents',
      groupId: 'ingest-parsers',
      partitions: 12,
      reconcileAfterSeconds: 600,
    });
    expect(
      loadConfig({
        INGEST_BUS: 'kafka',
        KAFKA_BROKERS: 'localhost:19092',
        KAFKA_TOPIC: 'docs.v1',
        KAFKA_GROUP_ID: 'workers',
        KAFKA_PARTITIONS: '24',
        INGEST_RECONCILE_AFTER_SECONDS: 'off',
      }).ingestBus,
    ).toEqual({
      kind: 'kafka',
      brokers: ['localhost:19092'],
      topic: 'docs.v1',
      groupId: 'workers',
      partitions: 24,
      reconcileAfterSeconds: undefined,
    });
    expect(loadConfig({ INGEST_BUS: 'kafka', KAFKA_BROKERS: 'k:9092', INGEST_RECONCILE_AFTER_SECONDS: '0' }).ingestBus).toMatchObject({
      reconcileAfterSeconds: undefined,
    });
  });

  it('refuses a Kafka bus without brokers, brokers without ports, and buses it does not know', () => {
    expect(() => loadConfig({ INGEST_BUS: 'kafka' })).toThrow(/KAFKA_BROKERS: is required with INGEST_BUS=kafka/);
    expect(() => loadConfig({ INGEST_BUS: 'kafka', KAFKA_BROKERS: 'kafka-1' })).toThrow(/KAFKA_BROKERS: must be comma-separated host:port/);
    expect(() => loadConfig({ INGEST_BUS: 'rabbitmq' })).toThrow(/INGEST_BUS/);
    expect(() => loadConfig({ INGEST_BUS: 'kafka', KAFKA_BROKERS: 'k:9092', KAFKA_TOPIC: 'no spaces' })).toThrow(/KAFKA_TOPIC/);
    expect(() => loadConfig({ INGEST_RECONCILE_AFTER_SECONDS: 'soon' })).toThrow(/INGEST_RECONCILE_AFTER_SECONDS/);
  });

  it('reports every problem at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ connection URL[\s\S]*LOG_LEVEL/,
    );
  });
});
