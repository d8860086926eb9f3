import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { createKey } from '#serve/access/create-key';
import { buildApp } from '#serve/http/build-app';
import { DEFAULT_INGEST_LIMITS } from '#platform/config/config';
import { createDocumentIntake } from '#runtime/document-intake';
import { givenApi } from '../support/api-harness.ts';
import { contractFor, type OpenApiDocument } from '../support/contract/openapi-contract.ts';
import type { RecordedResponse } from '../support/contract/recorded-response.ts';
import { describeEachDatabase } from '../support/databases.ts';

/** An operation as the document names it, `get /v1/financials`. */
type OperationName = string;

/** A request to an operation, the key left to the sender. */
interface Call {
  readonly url: string;
  readonly body?: unknown;
  readonly payload?: string;
  readonly contentType?: string;
}

const ACC_Q3_REVENUE = "What was ACC's revenue in Q3 FY25 as of 29 January 2025?";

/** A request each operation answers 200 on the bundled sample. */
const OK: Record<OperationName, Call> = {
  'get /health': { url: '/health' },
  'get /v1/': { url: '/v1/' },
  'get /v1/companies': { url: '/v1/companies?limit=3' },
  'get /v1/instruments': { url: '/v1/instruments?company=ACC' },
  'get /v1/financials': { url: '/v1/financials?ticker=ACC&concept=Revenue&period=quarterly&as_of=2025-01-29' },
  'get /v1/financials/versions': { url: '/v1/financials/versions?ticker=ACC&concept=Revenue&period_end=2024-12-31' },
  'get /v1/financials/changes': { url: '/v1/financials/changes?ticker=ACC&from=2025-01-30&to=2025-02-01' },
  'get /v1/cross-section': { url: '/v1/cross-section?concept=Revenue&fiscal_year=2025&fiscal_quarter=3&limit=2' },
  'get /v1/prices': { url: '/v1/prices?ticker=ACC&limit=3' },
  'get /v1/financial-metrics': { url: '/v1/financial-metrics?ticker=ACC&period=quarterly&omit_null=1' },
  'get /v1/shareholding': { url: '/v1/shareholding?ticker=ACC&holders=true&limit=1' },
  'get /v1/filings': { url: '/v1/filings?ticker=ACC&limit=3' },
  'get /v1/events': { url: '/v1/events?limit=3&types=yes' },
  'get /v1/corporate-actions': { url: '/v1/corporate-actions?limit=3' },
  'get /v1/financials/export': { url: '/v1/financials/export?tickers=ACC&concept=Revenue&format=csv' },
  'post /v1/search': { url: '/v1/search', body: { query: 'ACC' } },
  'post /v1/query': { url: '/v1/query', body: { query: ACC_Q3_REVENUE } },
  'post /v1/ask': { url: '/v1/ask', body: { query: ACC_Q3_REVENUE, session: 'contract' } },
  'post /v1/keys': { url: '/v1/keys', body: { name: 'contract' } },
  'get /v1/keys': { url: '/v1/keys' },
  'delete /v1/keys/{key_id}': { url: '/v1/keys/{key_id}' },
  // Of no format: rejected at once, and nothing the other calls read.
  'post /v1/documents': {
    url: '/v1/documents?file_name=contract.txt',
    payload: 'not an exchange file\n',
    contentType: 'application/octet-stream',
  },
};

/** The operations that answer a success other than 200: an upload is accepted, its parse may still run. */
const SUCCESS: Record<OperationName, number> = { 'post /v1/documents': 202 };
const successOf = (name: OperationName) => SUCCESS[name] ?? 200;

/** A request each operation answers 422 for: a bound broken, a required field missing, an id that is no UUID. */
const INVALID: Record<OperationName, Call> = {
  'get /v1/companies': { url: '/v1/companies?limit=0' },
  'get /v1/instruments': { url: '/v1/instruments?limit=501' },
  'get /v1/financials': { url: '/v1/financials?ticker=ACC&as_of=29%20Jan%202025' },
  'get /v1/financials/versions': { url: '/v1/financials/versions?ticker=ACC' },
  'get /v1/financials/changes': { url: '/v1/financials/changes?from=2025-02-01&to=2025-01-30' },
  'get /v1/cross-section': { url: '/v1/cross-section?concept=Revenue' },
  'get /v1/prices': { url: '/v1/prices?ticker=ACC&latest=maybe' },
  'get /v1/financial-metrics': { url: '/v1/financial-metrics?ticker=ACC&omit_null=2' },
  'get /v1/shareholding': { url: '/v1/shareholding?ticker=ACC&period_end=2024-02-30' },
  'get /v1/filings': { url: '/v1/filings?fiscal_year=1899' },
  'get /v1/events': { url: '/v1/events?start=2025-01-29T10:00%2B0530' },
  'get /v1/corporate-actions': { url: '/v1/corporate-actions?type=merger' },
  'get /v1/financials/export': { url: '/v1/financials/export' },
  'post /v1/search': { url: '/v1/search', body: {} },
  'post /v1/query': { url: '/v1/query', body: { query: ACC_Q3_REVENUE, extra: true } },
  'post /v1/ask': { url: '/v1/ask', body: { query: ACC_Q3_REVENUE } },
  'post /v1/keys': { url: '/v1/keys', body: { name: '' } },
  'delete /v1/keys/{key_id}': { url: '/v1/keys/not-a-uuid' },
  'post /v1/documents': { url: '/v1/documents?known_at=2024-05-12T18:30:00', payload: 'x', contentType: 'application/octet-stream' },
};

/** A request each operation about a company or record answers 404 for: none by that name. */
const UNKNOWN: Record<OperationName, Call> = {
  'get /v1/instruments': { url: '/v1/instruments?company=NOSUCHCO' },
  'get /v1/financials': { url: '/v1/financials?ticker=NOSUCHCO' },
  'get /v1/financials/versions': { url: '/v1/financials/versions?ticker=NOSUCHCO&concept=Revenue&period_end=2024-12-31' },
  'get /v1/financials/changes': { url: '/v1/financials/changes?ticker=NOSUCHCO&from=2025-01-30&to=2025-02-01' },
  'get /v1/prices': { url: '/v1/prices?ticker=NOSUCHCO' },
  'get /v1/financial-metrics': { url: '/v1/financial-metrics?ticker=NOSUCHCO' },
  'get /v1/shareholding': { url: '/v1/shareholding?ticker=NOSUCHCO' },
  'get /v1/filings': { url: '/v1/filings?ticker=NOSUCHCO' },
  'get /v1/events': { url: '/v1/events?ticker=NOSUCHCO' },
  'get /v1/corporate-actions': { url: '/v1/corporate-actions?ticker=NOSUCHCO' },
  'get /v1/financials/export': { url: '/v1/financials/export?tickers=ACC,NOSUCHCO' },
  'delete /v1/keys/{key_id}': { url: `/v1/keys/${randomUUID()}` },
};

const PUBLIC = new Set(['get /health', 'get /v1/']);
const KEYS = ['post /v1/keys', 'get /v1/keys', 'delete /v1/keys/{key_id}'];
/** The operations a read-only key may not call: the key routes (admin) and the upload (ingest). */
const NOT_READ = [...KEYS, 'post /v1/documents'];
/** The operation whose body is raw bytes up to the document limit, not JSON up to HTTP_BODY_LIMIT. */
const UPLOAD = 'post /v1/documents';
const methodOf = (name: OperationName) => name.split(' ')[0]?.toUpperCase() as 'GET' | 'POST' | 'DELETE';
const pathOf = (name: OperationName) => name.split(' ')[1] ?? '';
const routeOf = (name: OperationName) => pathOf(name).replace(/\{([^}]+)\}/g, ':$1');

const FIXED_NOW = new Date('2030-06-14T12:00:30Z');

describeEachDatabase('every operation of the OpenAPI document, every status it documents, each answer as documented', (database) => {
  const api = givenApi(database);
  let document: OpenApiDocument;
  /** `get /v1/financials 404`, for each response an operation sent here. */
  const answered = new Set<string>();
  const apps: FastifyInstance[] = [];
  let readOnlyKey = '';
  let ingestKey = '';

  const build = (options: Partial<Parameters<typeof buildApp>[0]> = {}) => {
    const app = buildApp({
      db: api.service.harness.db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute: 100_000, monthly: undefined },
      ...options,
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    document = (await api.get('/v1/openapi.json')).json<OpenApiDocument>();
    readOnlyKey = (await createKey(api.service.harness.db, { workspace: { name: 'tests' }, name: 'read only', scopes: ['read'] })).key;
    ingestKey = (await createKey(api.service.harness.db, { workspace: { name: 'tests' }, name: 'relay', scopes: ['ingest'] })).key;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  /** A fresh key to revoke, when the call names `{key_id}`. */
  const resolved = async (call: Call): Promise<Call> => {
    if (!call.url.includes('{key_id}')) return call;
    const { record } = await createKey(api.service.harness.db, { workspace: { name: 'tests' }, name: 'to revoke' });
    return { ...call, url: call.url.replace('{key_id}', record.id) };
  };

  /** Checks a response against the document and notes its status for the operation. */
  const note = (name: OperationName, response: RecordedResponse) => {
    expect(contractFor(document).violations(response), `${name} ${response.status}`).toEqual([]);
    answered.add(`${name} ${response.status}`);
  };

  const recorded = (name: OperationName, url: string, response: LightMyRequestResponse): RecordedResponse => ({
    method: methodOf(name),
    route: routeOf(name),
    url,
    status: response.statusCode,
    headers: response.headers,
    body: response.rawPayload,
  });

  /** Sends `call` to operation `name` on `app` with `headers`, expects `status`, and checks the answer. */
  const send = async (app: FastifyInstance, name: OperationName, call: Call, headers: Record<string, string>, status: number) => {
    const { url, body, payload, contentType } = await resolved(call);
    const options: InjectOptions = {
      method: methodOf(name),
      url,
      headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload !== undefined ? { payload } : body !== undefined ? { payload: body as object } : {}),
    };
    const response = await app.inject(options);
    expect(response.statusCode, `${name} ${url}: ${response.body.slice(0, 300)}`).toBe(status);
    note(name, recorded(name, url, response));
    return response;
  };

  const keyed = (key: string) => ({ 'x-api-key': key });
  /** The harness's key (read and admin), or for the upload a key with the ingest scope. */
  const keyFor = (name: OperationName) => keyed(name === UPLOAD ? ingestKey : api.key);

  it('answers 200 with the documented body for every operation', async () => {
    expect(Object.keys(OK).sort()).toEqual(operations(document).sort());
    for (const [name, call] of Object.entries(OK)) await send(api.app, name, call, keyFor(name), successOf(name));
    // The other forms of the streamed and listed answers.
    await send(api.app, 'get /v1/financials/export', { url: '/v1/financials/export?tickers=ACC&concept=Revenue' }, keyed(api.key), 200);
    await send(api.app, 'get /v1/events', { url: '/v1/events?ticker=ACC&limit=3' }, keyed(api.key), 200);
    await send(api.app, 'get /v1/prices', { url: '/v1/prices?ticker=ACC&latest=true' }, keyed(api.key), 200);
  });

  it('answers 401 without a key on every operation but the public ones, 403 to a key without the admin or ingest scope', async () => {
    for (const [name, call] of Object.entries(OK)) {
      const response = await send(api.app, name, call, {}, PUBLIC.has(name) ? successOf(name) : 401);
      if (!PUBLIC.has(name)) expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="api"/);
    }
    for (const name of NOT_READ) await send(api.app, name, OK[name] as Call, keyed(readOnlyKey), 403);
  });

  it('answers 422 for invalid input, 404 for an unknown company or record', async () => {
    for (const [name, call] of Object.entries(INVALID)) await send(api.app, name, call, keyFor(name), 422);
    for (const [name, call] of Object.entries(UNKNOWN)) await send(api.app, name, call, keyed(api.key), 404);
  });

  it('answers 413 for a body over the limit and 415 for a body that is not JSON, on every operation with a body', async () => {
    const huge = JSON.stringify({ query: 'x'.repeat(70_000) });
    for (const name of Object.keys(OK).filter((operation) => methodOf(operation) === 'POST')) {
      const { url } = OK[name] as Call;
      // The upload takes no JSON at all, and is held to the document limit instead (below).
      await send(api.app, name, { url, payload: huge, contentType: 'application/json' }, keyFor(name), name === UPLOAD ? 415 : 413);
      await send(api.app, name, { url, payload: '<query>ACC</query>', contentType: 'application/xml' }, keyFor(name), 415);
    }
    const small = build({
      documentIntake: createDocumentIntake(() => Promise.resolve(api.service.ingestion), {
        limits: { ...DEFAULT_INGEST_LIMITS, maxDocumentBytes: 1024 },
      }),
    });
    await send(small, UPLOAD, { ...(OK[UPLOAD] as Call), payload: 'x'.repeat(1025) }, keyFor(UPLOAD), 413);
  });

  it('answers 409 for a key beyond the workspace cap', async () => {
    const capped = build({ maxKeysPerWorkspace: 1 });
    await send(capped, 'post /v1/keys', OK['post /v1/keys'] as Call, keyed(api.key), 409);
  });

  it('answers 429 with Retry-After once an allowance is used, per key and, on the public routes, per address', async () => {
    const limited = build({ limits: { perMinute: 1, monthly: undefined }, publicRateLimitPerMinute: 1, now: () => FIXED_NOW });
    const { key } = await createKey(api.service.harness.db, {
      workspace: { name: 'limited' },
      name: 'one a minute',
      scopes: ['read', 'admin'],
    });
    await send(limited, 'get /v1/companies', OK['get /v1/companies'] as Call, keyed(key), 200);
    await send(limited, 'get /health', OK['get /health'] as Call, {}, 200);
    for (const [name, call] of Object.entries(OK)) {
      const response = await send(limited, name, call, PUBLIC.has(name) ? {} : keyed(key), 429);
      expect(response.headers['retry-after'], name).toMatch(/^\d+$/);
    }
  });

  it('answers 503 with Retry-After on every operation while the service shuts down', async () => {
    const closing = build();
    const sent: Array<[OperationName, RecordedResponse]> = [];
    let address = '';
    // Registered last, so its preClose runs after the app's own: the app is draining, its socket still open.
    void closing.register(
      fastifyPlugin((instance, _options, done) => {
        instance.addHook('preClose', async () => {
          for (const [name, call] of Object.entries(OK)) {
            const { url, body } = await resolved(call);
            const response = await fetch(new URL(url, address), {
              method: methodOf(name),
              headers: { ...keyed(api.key), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
              ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            });
            const headers = Object.fromEntries(response.headers);
            sent.push([
              name,
              {
                method: methodOf(name),
                route: routeOf(name),
                url,
                status: response.status,
                headers,
                body: Buffer.from(await response.arrayBuffer()),
              },
            ]);
          }
        });
        done();
      }),
    );
    address = await closing.listen({ port: 0, host: '127.0.0.1' });
    await closing.close();
    expect(sent.map(([name, response]) => `${name} ${response.status}`)).toEqual(Object.keys(OK).map((name) => `${name} 503`));
    for (const [name, response] of sent) {
      expect(response.headers['retry-after'], name).toBe('5');
      note(name, response);
    }
  });

  it('has now had every status each operation documents, and no other', () => {
    const documented = operations(document).flatMap((name) =>
      Object.keys(document.paths?.[pathOf(name)]?.[name.split(' ')[0] ?? '']?.responses ?? {}).map((status) => `${name} ${status}`),
    );
    expect([...answered].sort()).toEqual(documented.sort());
  });
});

/** Every operation of the document, `get /v1/financials`. */
function operations(document: OpenApiDocument): OperationName[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method} ${path}`));
}
