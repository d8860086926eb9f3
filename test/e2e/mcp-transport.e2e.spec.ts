import { describe, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { createKey } from '#serve/access/create-key';
import { migrate } from '#platform/db/migrate';
import { openPglite } from '#platform/pglite/pglite';
import { buildApp } from '#serve/http/build-app';
import { describeEachDatabase } from '../support/databases.ts';
import { givenMcp } from '../support/mcp-harness.ts';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

// A fixed clock: the per-minute window cannot roll over in the middle of a test.
const NOW = () => new Date('2026-03-10T10:00:30Z');
const PER_MINUTE = 4;

describeEachDatabase('the MCP endpoint over HTTP', (database) => {
  const mcp = givenMcp(database);
  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(new URL(path, mcp.address), { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body });

  it('answers 401 without a key or with a wrong one, at /mcp/ and /mcp, and the SDK client cannot connect', async () => {
    for (const path of ['/mcp/', '/mcp']) {
      for (const headers of [{}, { 'x-api-key': 'imd_wrong' }, { authorization: 'Bearer imd_wrong' }]) {
        const response = await post(path, JSON.stringify(INITIALIZE), headers);
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(await response.json()).toEqual({ detail: expect.any(String) });
      }
    }
    await expect(mcp.connect({ key: null })).rejects.toThrow();
    await expect(mcp.connect({ key: 'imd_wrong', era: 'modern' })).rejects.toThrow();
  });

  it('serves /mcp exactly as /mcp/, without a redirect, in both eras', async () => {
    for (const era of ['legacy', 'modern'] as const) {
      const slash = await mcp.connect({ era, path: '/mcp/' });
      const bare = await mcp.connect({ era, path: '/mcp' });
      expect((await bare.listTools()).tools).toEqual((await slash.listTools()).tools);
      const args = { name: 'get_company', arguments: { company: 'ACC' } };
      expect(await bare.callTool(args)).toEqual(await slash.callTool(args));
    }
    const raw = await post('/mcp', JSON.stringify(INITIALIZE), { 'x-api-key': mcp.api.key });
    expect(raw.status).toBe(200);
    expect(raw.redirected).toBe(false);
  });

  it('serves concurrent calls from several clients of both eras, each from a fresh server', async () => {
    const clients = await Promise.all([mcp.connect(), mcp.connect({ era: 'modern' }), mcp.connect({ path: '/mcp' })]);
    const references = ['ACC', 'TCS', 'RELIANCE', 'INFY'];
    const calls = clients.flatMap((client) =>
      references.map((company) => client.callTool({ name: 'get_company', arguments: { company } })),
    );
    const results = await Promise.all(calls);
    expect(results.map((result) => (result.structuredContent as { company: { nse_symbol: string } }).company.nse_symbol)).toEqual(
      clients.flatMap(() => references),
    );
  });

  it('answers protocol errors as MCP defines them, never with a 500', async () => {
    const key = { 'x-api-key': mcp.api.key };
    const malformed = await post('/mcp/', '{"jsonrpc": "2.0", "id": 1, "method": ', key);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    const notJson = await post('/mcp/', 'hello', { ...key, 'content-type': 'text/plain' });
    expect(notJson.status).toBe(415);
    const listen = await fetch(new URL('/mcp/', mcp.address), { headers: { ...key, accept: 'text/event-stream' } });
    expect(listen.status).toBe(405);
    const unknownMethod = await post('/mcp/', JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'no/such/method' }), key);
    expect(unknownMethod.status).toBeLessThan(500);
  });

  it('lets browsers in: the preflight needs no key, allows Mcp-Protocol-Version, and responses expose Mcp-Session-Id', async () => {
    const origin = 'http://localhost:6274';
    const preflight = await fetch(new URL('/mcp/', mcp.address), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key,mcp-protocol-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('mcp-protocol-version');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    for (const headers of [{ origin }, { origin, 'x-api-key': 'imd_wrong' }]) {
      const response = await post('/mcp/', JSON.stringify(INITIALIZE), headers);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('mcp-session-id');
    }
  });
});

describeEachDatabase('the MCP endpoint is counted by the API rate limits', (database) => {
  const mcp = givenMcp(database, { limits: { perMinute: PER_MINUTE, monthly: 1_000 }, now: NOW });

  it('counts each MCP request against the key, shares the count with the REST routes, then answers 429', async () => {
    const headers = { ...MCP_HEADERS, 'x-api-key': mcp.api.key };
    const remaining: string[] = [];
    for (let i = 0; i < PER_MINUTE - 1; i++) {
      const response = await fetch(new URL('/mcp/', mcp.address), { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
      expect(response.status).toBe(200);
      remaining.push(response.headers.get('ratelimit-remaining') ?? '');
      await response.body?.cancel();
    }
    expect(remaining).toEqual(['3', '2', '1']);
    expect((await mcp.api.get('/v1/companies?limit=1')).headers['ratelimit-remaining']).toBe('0');
    const refused = await fetch(new URL('/mcp', mcp.address), { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('the MCP endpoint checks the Host header when the service listens on a loopback address', () => {
  it('refuses another host name (DNS rebinding) even with a valid key, and admits localhost', async () => {
    const db = await openPglite();
    await migrate(db);
    const { key } = await createKey(db, { workspace: { name: 'hosts' }, name: 'hosts', scopes: ['read'] });
    const app = buildApp({
      db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute: undefined, monthly: undefined },
      mcpAllowedHosts: ['localhost', '127.0.0.1'],
    });
    try {
      const send = (host: string) =>
        app.inject({ method: 'POST', url: '/mcp/', headers: { ...MCP_HEADERS, host, 'x-api-key': key }, payload: INITIALIZE });
      expect((await send('attacker.example:8000')).statusCode).toBe(403);
      expect((await send('localhost:8000')).statusCode).toBe(200);
      expect((await send('127.0.0.1')).statusCode).toBe(200);
      // The REST API is not behind this check.
      expect((await app.inject({ method: 'GET', url: '/health', headers: { host: 'attacker.example' } })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
