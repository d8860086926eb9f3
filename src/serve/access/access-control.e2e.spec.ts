import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HTTPValidationErrorSchema } from '#schemas/api/errors';
import { ApiKeyListResponseSchema, ApiKeyResponseSchema, IssuedKeyResponseSchema } from '#schemas/api/keys';
import { describeEachDatabase, describePostgres, type OpenedTestDatabase } from '../../../test/support/databases.ts';
import type { Database } from '#platform/db/db';
import { openPgPool } from '#platform/db-engines/pg-pool';
import { errorHandler } from '#serve/http/error-handler';
import { createKeyAuthenticator } from './key-authenticator.ts';
import { keysRoutes } from '#serve/http/routes/keys';
import { validatorCompiler } from '#serve/http/validation/validator-compiler';
import type { RateLimits } from './rate-limit-windows.ts';
import { createKey } from './create-key.ts';
import { registerAccessControl } from './register-access-control.ts';
import { revokeKey } from './revoke-key.ts';

type Problem = { detail: string };

interface TestApp {
  readonly app: FastifyInstance;
  /** Moves the rate limiter's clock. */
  setNow(iso: string): void;
}

interface PublicLimit {
  /** Requests per address per minute to the public routes. */
  readonly perMinute: number;
  /** Proxies trusted to name the client in X-Forwarded-For. */
  readonly trustProxy?: string[];
}

interface AppOptions {
  readonly publicLimit?: PublicLimit;
  readonly maxKeysPerWorkspace?: number;
}

/** The hooks as buildApp registers them, public routes, a read route and the key routes. */
function givenApp(db: Database, limits: RateLimits, { publicLimit, maxKeysPerWorkspace }: AppOptions = {}): TestApp {
  let now = new Date('2025-06-14T12:00:15Z');
  const app = Fastify({
    logger: false,
    ...(publicLimit?.trustProxy ? { trustProxy: publicLimit.trustProxy } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler); // zod checks every response against its schema
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'Not Found' }));
  const keys = createKeyAuthenticator(db);
  app.addHook('onClose', () => keys.close());
  registerAccessControl(app, { db, keys, limits, publicPerMinute: publicLimit?.perMinute, now: () => now });
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/v1/', async () => ({ data: { name: 'index' }, meta: {} }));
  app.get('/v1/things', async (request) => ({ data: { key: request.apiKey?.name ?? null }, meta: {} }));
  void app.register(keysRoutes({ db, maxKeysPerWorkspace }));
  return { app, setNow: (iso) => (now = new Date(iso)) };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const withKey = (key: string) => ({ 'x-api-key': key });
const rateHeaders = (response: LightMyRequestResponse) => ({
  limit: response.headers['ratelimit-limit'],
  remaining: response.headers['ratelimit-remaining'],
  reset: response.headers['ratelimit-reset'],
});

describeEachDatabase('access control over HTTP', (database) => {
  let db: OpenedTestDatabase;
  const apps: FastifyInstance[] = [];
  const started = (limits: RateLimits, options: AppOptions = {}) => {
    const test = givenApp(db, limits, options);
    apps.push(test.app);
    return test;
  };
  const givenKey = async (scopes: string[] = ['read'], workspace = `ws-${randomUUID()}`) =>
    createKey(db, { workspace: { name: workspace }, name: 'test key', scopes });
  beforeAll(async () => {
    db = await database.open();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await db?.close();
  });

  describe('authentication', () => {
    it('refuses a request without a key with 401, a detail and a Bearer challenge', async () => {
      const { app } = started({ perMinute: 10, monthly: 1000 });
      const response = await get(app, '/v1/things');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.stringContaining('X-API-Key') });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="api"');
      // Not counted: the policy, with nothing used.
      expect(rateHeaders(response)).toEqual({ limit: '10', remaining: '10', reset: '45' });
    });

    it('refuses an unknown key and a malformed one with 401 invalid_token', async () => {
      const { app } = started({ perMinute: 10, monthly: 1000 });
      for (const key of [`imd_${'x'.repeat(43)}`, 'nonsense']) {
        const response = await get(app, '/v1/things', withKey(key));
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: 'the API key is not valid' });
        expect(response.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
      }
      const basic = await get(app, '/v1/things', { authorization: 'Basic dXNlcjpwdw==' });
      expect(basic.statusCode).toBe(401);
      expect(basic.headers['www-authenticate']).toContain('error="invalid_request"');
    });

    it('refuses X-API-Key or Authorization sent twice with 401 saying so, even when both carry the one good key', async () => {
      const { app } = started({ perMinute: 10, monthly: 1000 });
      const { key } = await givenKey();
      const cases: Array<[string, Record<string, string[]>]> = [
        ['X-API-Key', { 'x-api-key': [key, key] }],
        ['X-API-Key', { 'x-api-key': [key, `imd_${'x'.repeat(43)}`] }],
        ['Authorization', { authorization: [`Bearer ${key}`, `Bearer ${key}`] }],
      ];
      for (const [header, headers] of cases) {
        const response = await app.inject({ method: 'GET', url: '/v1/things', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: `the ${header} header was sent more than once; send it once, with one key` });
        expect(response.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_request"');
      }
    });

    it('refuses a revoked key with 401', async () => {
      const { app } = started({ perMinute: 10, monthly: 1000 });
      const { key, record } = await givenKey();
      expect((await get(app, '/v1/things', withKey(key))).statusCode).toBe(200);
      await revokeKey(db, record.id);
      const response = await get(app, '/v1/things', withKey(key));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'the API key has been revoked' });
    });

    it('admits a good key in X-API-Key and as Authorization: Bearer, and attaches it', async () => {
      const { app } = started({ perMinute: 10, monthly: 1000 });
      const { key } = await givenKey();
      for (const headers of [withKey(key), { authorization: `Bearer ${key}` }]) {
        const response = await get(app, '/v1/things', headers);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ data: { key: 'test key' }, meta: {} });
      }
    });

    it('answers public routes without a key, and unknown paths with 404', async () => {
      const { app } = started({ perMinute: 10, monthly: 1000 });
      const health = await get(app, '/health', withKey('ignored'));
      expect(health.statusCode).toBe(200);
      expect(rateHeaders(health)).toEqual({ limit: '10', remaining: '10', reset: '45' });
      expect((await get(app, '/health?x=/v1/things')).statusCode).toBe(200);
      const missing = await get(app, '/nowhere');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['ratelimit-limit']).toBe('10');
    });
  });

  describe('rate limits', () => {
    it('puts RateLimit headers on every counted response', async () => {
      const { app } = started({ perMinute: 10, monthly: 1000 });
      const { key } = await givenKey();
      const first = await get(app, '/v1/things', withKey(key));
      const second = await get(app, '/v1/things', withKey(key));
      expect(rateHeaders(first)).toEqual({ limit: '10', remaining: '9', reset: '45' });
      expect(rateHeaders(second)).toEqual({ limit: '10', remaining: '8', reset: '45' });
    });

    it('refuses with 429 and Retry-After once the per-minute rate is reached, until the next minute', async () => {
      const test = started({ perMinute: 3, monthly: 1000 });
      const { key } = await givenKey();
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await get(test.app, '/v1/things', withKey(key))).statusCode);
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await get(test.app, '/v1/things', withKey(key));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/^rate limit reached: 3 requests per minute/) });
      expect(refused.headers['retry-after']).toBe('45');
      expect(rateHeaders(refused)).toEqual({ limit: '3', remaining: '0', reset: '45' });
      // Other keys are not affected.
      expect((await get(test.app, '/v1/things', withKey((await givenKey()).key))).statusCode).toBe(200);
      test.setNow('2025-06-14T12:01:00Z');
      const next = await get(test.app, '/v1/things', withKey(key));
      expect(next.statusCode).toBe(200);
      expect(rateHeaders(next)).toEqual({ limit: '3', remaining: '2', reset: '60' });
    });

    it('refuses with 429 once the monthly allowance is reached, until the next month', async () => {
      const test = started({ perMinute: 100, monthly: 3 });
      const { key } = await givenKey();
      const remaining = [];
      for (let i = 0; i < 3; i++) remaining.push(rateHeaders(await get(test.app, '/v1/things', withKey(key))).remaining);
      expect(remaining).toEqual(['2', '1', '0']);
      const refused = await get(test.app, '/v1/things', withKey(key));
      expect(refused.statusCode).toBe(429);
      expect(refused.json<Problem>().detail).toMatch(
        /^monthly allowance reached: 3 requests per calendar month \(UTC\).*2025-07-01T00:00:00.000Z$/,
      );
      const untilJuly = String(16 * 86_400 + 11 * 3600 + 59 * 60 + 45);
      expect(refused.headers['retry-after']).toBe(untilJuly);
      expect(rateHeaders(refused)).toEqual({ limit: '3', remaining: '0', reset: untilJuly });
      // A new minute does not help; a new month does.
      test.setNow('2025-06-20T00:00:00Z');
      expect((await get(test.app, '/v1/things', withKey(key))).statusCode).toBe(429);
      test.setNow('2025-07-01T00:00:00Z');
      expect((await get(test.app, '/v1/things', withKey(key))).statusCode).toBe(200);
    });

    it('sends no RateLimit headers when both limits are off', async () => {
      const { app } = started({ perMinute: undefined, monthly: undefined });
      const { key } = await givenKey();
      const response = await get(app, '/v1/things', withKey(key));
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
      expect((await get(app, '/v1/things')).headers['ratelimit-limit']).toBeUndefined();
    });
  });

  describe('the per-address limit of the public routes', () => {
    const from = (app: FastifyInstance, url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, remoteAddress, headers });

    it('refuses an address with 429, a detail and Retry-After once its minute is used, across the public routes, until the next minute', async () => {
      const test = started({ perMinute: 10, monthly: 1000 }, { publicLimit: { perMinute: 3 } });
      const seen = [];
      for (const url of ['/health', '/v1/', '/health']) seen.push(rateHeaders(await from(test.app, url, '203.0.113.7')));
      expect(seen.map((headers) => headers.remaining)).toEqual(['2', '1', '0']);
      expect(seen[0]).toEqual({ limit: '3', remaining: '2', reset: '45' });

      const refused = await from(test.app, '/v1/', '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        detail: 'rate limit reached: 3 requests per minute from one address without an API key; retry after 2025-06-14T12:01:00.000Z',
      });
      expect(refused.headers['retry-after']).toBe('45');
      expect(rateHeaders(refused)).toEqual({ limit: '3', remaining: '0', reset: '45' });
      expect((await from(test.app, '/health', '203.0.113.8')).statusCode).toBe(200); // another address has its own minute

      test.setNow('2025-06-14T12:01:00Z');
      const next = await from(test.app, '/v1/', '203.0.113.7');
      expect(next.statusCode).toBe(200);
      expect(rateHeaders(next)).toEqual({ limit: '3', remaining: '2', reset: '60' });
    });

    it('leaves keyed requests from that address to their key’s limits, and counts nothing but the public routes', async () => {
      const { app } = started({ perMinute: 10, monthly: 1000 }, { publicLimit: { perMinute: 2 } });
      for (let i = 0; i < 3; i++) await from(app, '/health', '203.0.113.9');
      expect((await from(app, '/health', '203.0.113.9')).statusCode).toBe(429);

      const { key } = await givenKey();
      const keyed = await from(app, '/v1/things', '203.0.113.9', withKey(key));
      expect(keyed.statusCode).toBe(200);
      expect(rateHeaders(keyed)).toEqual({ limit: '10', remaining: '9', reset: '45' });
      expect((await from(app, '/v1/things', '203.0.113.9')).statusCode).toBe(401);
      expect((await from(app, '/nowhere', '203.0.113.9')).statusCode).toBe(404);
    });

    it('counts the connecting address, ignoring X-Forwarded-For, unless the connection comes from a trusted proxy', async () => {
      const direct = started({ perMinute: 10, monthly: 1000 }, { publicLimit: { perMinute: 1 } });
      expect((await from(direct.app, '/health', '198.51.100.1', { 'x-forwarded-for': '192.0.2.1' })).statusCode).toBe(200);
      expect((await from(direct.app, '/health', '198.51.100.1', { 'x-forwarded-for': '192.0.2.2' })).statusCode).toBe(429);

      const proxied = started({ perMinute: 10, monthly: 1000 }, { publicLimit: { perMinute: 1, trustProxy: ['10.0.0.5'] } });
      expect((await from(proxied.app, '/health', '10.0.0.5', { 'x-forwarded-for': '192.0.2.1' })).statusCode).toBe(200);
      expect((await from(proxied.app, '/health', '10.0.0.5', { 'x-forwarded-for': '192.0.2.2' })).statusCode).toBe(200);
      expect((await from(proxied.app, '/health', '10.0.0.5', { 'x-forwarded-for': '192.0.2.1' })).statusCode).toBe(429);
      // A client that is not the proxy cannot choose its address by sending the header.
      expect((await from(proxied.app, '/health', '198.51.100.2', { 'x-forwarded-for': '192.0.2.3' })).statusCode).toBe(200);
      expect((await from(proxied.app, '/health', '198.51.100.2', { 'x-forwarded-for': '192.0.2.4' })).statusCode).toBe(429);
    });
  });

  describe('scopes and key routes', () => {
    const post = (app: FastifyInstance, key: string, payload: object) =>
      app.inject({ method: 'POST', url: '/v1/keys', headers: withKey(key), payload });

    it('refuses the key routes to a key without admin, and data routes to a key without read', async () => {
      const { app } = started({ perMinute: 100, monthly: 1000 });
      const reader = await givenKey(['read']);
      const admin = await givenKey(['admin']);
      const forbidden = await get(app, '/v1/keys', withKey(reader.key));
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ detail: 'this key does not have the admin scope' });
      expect(forbidden.headers['ratelimit-remaining']).toBe('99'); // counted like any request with a key
      expect((await post(app, reader.key, { name: 'x' })).statusCode).toBe(403);
      expect((await get(app, '/v1/things', withKey(admin.key))).statusCode).toBe(403);
      expect((await get(app, '/v1/keys')).statusCode).toBe(401);
    });

    it('creates a key in the caller’s workspace and shows it once', async () => {
      const { app } = started({ perMinute: 100, monthly: 1000 });
      const admin = await givenKey(['read', 'admin']);
      const created = await post(app, admin.key, { name: 'notebook' });
      expect(created.statusCode).toBe(200);
      const body = IssuedKeyResponseSchema.parse(created.json());
      expect(body).toEqual({
        data: {
          id: expect.any(String),
          key: expect.stringMatching(/^imd_[A-Za-z0-9_-]{43}$/),
          name: 'notebook',
          scopes: ['read'],
          prefix: expect.any(String),
          workspace: admin.record.workspace,
          created_at: expect.any(String),
          revoked_at: null,
          last_used_at: null,
        },
        meta: { timestamp: expect.any(String) },
      });
      expect((await get(app, '/v1/things', withKey(body.data.key))).statusCode).toBe(200);

      const listed = await get(app, '/v1/keys', withKey(admin.key));
      expect(listed.statusCode).toBe(200);
      const list = ApiKeyListResponseSchema.parse(listed.json());
      expect(list.meta).toMatchObject({ count: 2, workspace: admin.record.workspace });
      expect(list.data.map((k) => k.name)).toEqual(['notebook', 'test key']);
      expect(listed.body).not.toContain(body.data.key);
      expect(listed.body).not.toContain(admin.key);
    });

    it('validates NewKey: unknown properties, scopes and bounds give 422', async () => {
      const { app } = started({ perMinute: 100, monthly: 1000 });
      const admin = await givenKey(['admin']);
      for (const payload of [
        { name: 'x', workspace: 'other' },
        { name: 'x', scopes: ['write'] },
        { name: '' },
        { name: 'x'.repeat(81) },
        { name: 'x', scopes: Array.from({ length: 9 }, () => 'read') },
        {},
      ]) {
        const response = await post(app, admin.key, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        expect(HTTPValidationErrorSchema.parse(response.json()).detail.length).toBeGreaterThan(0);
      }
      const nullScopes = await post(app, admin.key, { name: 'x', scopes: null });
      expect(IssuedKeyResponseSchema.parse(nullScopes.json()).data.scopes).toEqual(['read']);
      const both = await post(app, admin.key, { name: 'x', scopes: ['admin', 'read', 'admin'] });
      expect(IssuedKeyResponseSchema.parse(both.json()).data.scopes).toEqual(['read', 'admin']);
    });

    it('counts a key name in characters (code points) as the schema does: 80 emoji are a name, 81 a FastAPI 422', async () => {
      const { app } = started({ perMinute: 100, monthly: 1000 });
      const admin = await givenKey(['admin']);
      for (const name of ['😀'.repeat(41), '😀'.repeat(80), `${'₹'.repeat(40)}${'𝕏'.repeat(40)}`]) {
        const response = await post(app, admin.key, { name });
        expect(response.statusCode, response.body).toBe(200);
        expect(IssuedKeyResponseSchema.parse(response.json()).data.name).toBe(name);
      }
      const tooLong = await post(app, admin.key, { name: '😀'.repeat(81) });
      expect(tooLong.statusCode).toBe(422);
      expect(HTTPValidationErrorSchema.parse(tooLong.json()).detail).toMatchObject([
        { type: 'string_too_long', loc: ['body', 'name'], msg: 'String should have at most 80 characters', ctx: { max_length: 80 } },
      ]);
    });

    it('revokes a key of its own workspace, and answers 404 for any other', async () => {
      const { app } = started({ perMinute: 100, monthly: 1000 });
      const workspace = `ws-${randomUUID()}`;
      const admin = await givenKey(['admin'], workspace);
      const victim = await givenKey(['read'], workspace);
      const stranger = await givenKey(['read']);
      const del = (id: string) => app.inject({ method: 'DELETE', url: `/v1/keys/${id}`, headers: withKey(admin.key) });

      const revoked = await del(victim.record.id);
      expect(revoked.statusCode).toBe(200);
      expect(ApiKeyResponseSchema.parse(revoked.json()).data).toMatchObject({ id: victim.record.id, revoked_at: expect.any(String) });
      expect((await get(app, '/v1/things', withKey(victim.key))).statusCode).toBe(401);

      const other = await del(stranger.record.id);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ detail: `no key ${stranger.record.id} in this workspace` });
      expect((await get(app, '/v1/things', withKey(stranger.key))).statusCode).toBe(200);
      expect((await del(randomUUID())).statusCode).toBe(404);
      expect((await del('not-a-uuid')).statusCode).toBe(422);
    });

    it('refuses a key beyond the workspace cap with 409 saying how to make room, and issues one once a key is revoked', async () => {
      const { app } = started({ perMinute: 100, monthly: 1000 }, { maxKeysPerWorkspace: 3 });
      const workspace = `ws-${randomUUID()}`;
      const admin = await givenKey(['read', 'admin'], workspace);
      const issued = [];
      for (const name of ['second', 'third']) {
        const created = await post(app, admin.key, { name });
        expect(created.statusCode, name).toBe(200);
        issued.push(IssuedKeyResponseSchema.parse(created.json()).data);
      }
      const full = await post(app, admin.key, { name: 'fourth' });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({
        detail: `workspace ${workspace} already has 3 active keys, the most a workspace may hold (MAX_KEYS_PER_WORKSPACE); revoke one it no longer needs (DELETE /v1/keys/{key_id}, or npm run keys -- revoke KEY_ID) before creating another`,
      });
      expect(ApiKeyListResponseSchema.parse((await get(app, '/v1/keys', withKey(admin.key))).json()).meta.count).toBe(3);
      // Another workspace has its own room.
      const stranger = await givenKey(['admin']);
      expect((await post(app, stranger.key, { name: 'elsewhere' })).statusCode).toBe(200);

      const revoke = await app.inject({ method: 'DELETE', url: `/v1/keys/${issued[0]?.id}`, headers: withKey(admin.key) });
      expect(revoke.statusCode).toBe(200);
      expect((await post(app, admin.key, { name: 'fourth' })).statusCode).toBe(200);
      expect((await post(app, admin.key, { name: 'fifth' })).statusCode).toBe(409);
    });
  });
});

describePostgres('rate limits shared by API processes', (database) => {
  let db: OpenedTestDatabase;
  const pools: Database[] = [];
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(pools.map((pool) => pool.close()));
    await db?.close();
  });

  /** Two apps, each with its own pool to the one database, as two API processes. */
  async function twoApps(limits: RateLimits): Promise<FastifyInstance[]> {
    const started = [];
    for (let i = 0; i < 2; i++) {
      const pool = await openPgPool(db.url ?? '', { max: 4 });
      pools.push(pool);
      started.push(givenApp(pool, limits).app);
    }
    apps.push(...started);
    return started;
  }

  it('counts a key once across two apps, each with its own pool, so 429 comes after the combined allowance', async () => {
    const apps = await twoApps({ perMinute: 5, monthly: 1000 });
    const { key } = await createKey(db, { workspace: { name: 'shared' }, name: 'k' });
    const seen = [];
    for (let i = 0; i < 7; i++) {
      const app = apps[i % 2] as FastifyInstance;
      const response = await get(app, '/v1/things', withKey(key));
      seen.push(`${i % 2}:${response.statusCode}:${String(response.headers['ratelimit-remaining'])}`);
    }
    expect(seen).toEqual(['0:200:4', '1:200:3', '0:200:2', '1:200:1', '0:200:0', '1:429:0', '0:429:0']);

    // Racing requests through both apps: still exactly the allowance of another key.
    const { key: raced } = await createKey(db, { workspace: { name: 'shared' }, name: 'raced' });
    const statuses = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => (await get(apps[i % 2] as FastifyInstance, '/v1/things', withKey(raced))).statusCode),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
  });

  it('charges a request the monthly allowance refuses to no window, however the two apps race', async () => {
    const [first, second] = (await twoApps({ perMinute: 1000, monthly: 1000 })) as [FastifyInstance, FastifyInstance];
    const { key, record } = await createKey(db, { workspace: { name: 'shared' }, name: 'month nearly used' });
    // 995 of the month used: 5 left, and the minute has all its 1000.
    await db.query(`insert into rate_limit_counters (key_id, window_kind, window_start, request_count) values ($1, 'month', $2, 995)`, [
      record.id,
      '2025-06-01T00:00:00Z',
    ]);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await get(i % 2 === 0 ? first : second, '/v1/things', withKey(key))).statusCode),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    const refused = await get(first, '/v1/things', withKey(key));
    expect(refused.json<Problem>().detail).toMatch(/^monthly allowance reached/);
    const { rows } = await db.query<{ window_kind: string; request_count: string }>(
      'select window_kind, request_count from rate_limit_counters where key_id = $1 order by window_kind',
      [record.id],
    );
    expect(rows.map((r) => `${r.window_kind} ${r.request_count}`)).toEqual(['minute 5', 'month 1000']);
  });
});
