import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { createKey } from '#serve/access/create-key';
import { buildApp } from '#serve/http/build-app';
import { describeEachDatabase, type OpenedTestDatabase } from '../support/databases.ts';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
// A fixed clock: the per-minute window cannot roll over in the middle of a test.
const NOW = () => new Date('2026-03-10T10:00:30Z');

/** A tools/call that reads the store (each dataset's rows), so each call in a batch does work. */
const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_datasets', arguments: {} } });
const calls = (n: number) => Array.from({ length: n }, (_, i) => call(i + 1));

/** The JSON-RPC responses in an SSE body. */
const responsesIn = (response: LightMyRequestResponse): { id: number; result?: unknown }[] =>
  response.body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { id: number; result?: unknown });

describeEachDatabase('JSON-RPC batches at the MCP endpoint', (database) => {
  let db: OpenedTestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await db?.close();
  });

  const givenApp = (perMinute: number, mcpMaxBatchMessages = 100) => {
    const app = buildApp({
      db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute, monthly: 100_000 },
      now: NOW,
      mcpMaxBatchMessages,
    });
    apps.push(app);
    return app;
  };
  const givenKey = async () => createKey(db, { workspace: { name: `ws-${randomUUID()}` }, name: 'batches', scopes: ['read'] });
  /** The key's counters: requests charged this minute and this month. */
  const charged = async (keyId: string) => {
    const { rows } = await db.query<{ window_kind: string; request_count: number }>(
      'select window_kind, request_count from rate_limit_counters where key_id = $1',
      [keyId],
    );
    return Object.fromEntries(rows.map((row) => [row.window_kind, Number(row.request_count)]));
  };
  const post = (app: FastifyInstance, key: string, body: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/mcp/', headers: { ...MCP_HEADERS, 'x-api-key': key, ...headers }, payload: JSON.stringify(body) });

  it('charges a 100-call batch on protocol 2025-03-26 as 100 requests, and answers every call', async () => {
    const app = givenApp(1_000);
    const { key, record } = await givenKey();
    const response = await post(app, key, calls(100), { 'mcp-protocol-version': '2025-03-26' });
    expect(response.statusCode, response.body).toBe(200);
    const answers = responsesIn(response);
    expect(answers.map((answer) => answer.id).sort((a, b) => a - b)).toEqual(calls(100).map((c) => c.id));
    expect(answers.every((answer) => answer.result !== undefined)).toBe(true);
    expect(await charged(record.id)).toEqual({ minute: 100, month: 100 });
    expect(response.headers['ratelimit-remaining']).toBe('900');
    // With no MCP-Protocol-Version header the request is 2025-03-26's, as the SDK assumes.
    expect((await post(app, key, calls(7))).statusCode).toBe(200);
    expect(await charged(record.id)).toEqual({ minute: 107, month: 107 });
  });

  it('refuses with 429, whole and uncharged, a batch that does not fit the key’s allowance', async () => {
    const app = givenApp(99);
    const { key, record } = await givenKey();
    const tooMany = await post(app, key, calls(100));
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['retry-after']).toMatch(/^\d+$/);
    expect(tooMany.json()).toEqual({
      detail:
        'this batch of 100 calls counts as 100 requests, more than the 99 requests per minute this key may make: send at most 99 calls per batch',
    });
    expect(await charged(record.id)).toEqual({});

    expect((await post(app, key, calls(60))).statusCode).toBe(200);
    const overflow = await post(app, key, calls(40));
    expect(overflow.statusCode).toBe(429);
    expect(overflow.json()).toEqual({
      detail: expect.stringMatching(/^this batch of 40 calls counts as 40 requests, and 39 of the 99 requests per minute/),
    });
    expect(overflow.headers['ratelimit-remaining']).toBe('39'); // a single call would still be admitted
    expect(await charged(record.id)).toEqual({ minute: 60, month: 60 });
    const fits = await post(app, key, calls(39));
    expect(fits.statusCode).toBe(200);
    expect(responsesIn(fits)).toHaveLength(39);
    expect(await charged(record.id)).toEqual({ minute: 99, month: 99 });
  });

  it('refuses a batch on protocol 2025-06-18 and later as a JSON-RPC invalid request, counted as one request', async () => {
    const app = givenApp(1_000);
    const { key, record } = await givenKey();
    const versions = ['2025-06-18', '2025-11-25', '2026-07-28'];
    for (const version of versions) {
      const response = await post(app, key, calls(3), { 'mcp-protocol-version': version });
      expect(response.statusCode, version).toBe(400);
      expect(response.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32600,
          message: `Invalid Request: JSON-RPC batches are not part of MCP protocol version ${version} (they were removed in 2025-06-18); send one message per request`,
        },
        id: null,
      });
    }
    expect(await charged(record.id)).toEqual({ minute: versions.length, month: versions.length });
    // One message at a time is served on each.
    const single = await post(app, key, call(1), { 'mcp-protocol-version': '2025-06-18' });
    expect(single.statusCode).toBe(200);
    expect(responsesIn(single)).toHaveLength(1);
  });

  it('refuses a batch longer than MCP_MAX_BATCH_MESSAGES, and one holding initialize, each counted as one request', async () => {
    const app = givenApp(1_000, 5);
    const { key, record } = await givenKey();
    const long = await post(app, key, calls(6));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: {
        code: -32600,
        message: 'Invalid Request: a JSON-RPC batch may hold at most 5 messages here, and this one holds 6; split it',
      },
      id: null,
    });
    const initialize = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const withInitialize = await post(app, key, [initialize]);
    expect(withInitialize.statusCode).toBe(400);
    expect(withInitialize.json()).toMatchObject({
      error: { code: -32600, message: expect.stringMatching(/initialize must be sent on its own/) },
    });
    expect(await charged(record.id)).toEqual({ minute: 2, month: 2 });
    expect(responsesIn(await post(app, key, calls(5)))).toHaveLength(5);
    expect(await charged(record.id)).toEqual({ minute: 7, month: 7 });
  });
});
