import { connect } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { HTTPValidationErrorSchema } from '#schemas/api/errors';
import { DEFAULT_REQUEST_LIMITS } from '#platform/config/config';
import { buildApp } from '#serve/http/build-app';
import { givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';

/** `depth` arrays, one inside the other, each holding `filler` first: the issue's shape. */
function nested(depth: number, filler: string): string {
  return `${`[${filler}`.repeat(depth)}0${']'.repeat(depth)}`;
}

/** A 422 in FastAPI's shape, parsed. */
function detailOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(422);
  return HTTPValidationErrorSchema.parse(response.json()).detail;
}

describeEachDatabase('hostile JSON bodies get a small 4xx, never a 500 or a walk of their whole depth', (database) => {
  const api = givenApi(database, { ingest: false });
  // The same app with a body limit above the issue's bodies, so their depth and their NULs
  // are what is refused, not their size.
  let roomy: FastifyInstance;
  beforeAll(async () => {
    roomy = buildApp({
      db: api.service.harness.db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute: undefined, monthly: undefined },
      requestLimits: { bodyLimit: 2 * 1024 * 1024, jsonMaxDepth: DEFAULT_REQUEST_LIMITS.jsonMaxDepth },
    });
    await roomy.ready();
  });
  afterAll(async () => {
    await roomy.close();
  });
  const post = (app: FastifyInstance, url: string, payload: string) =>
    app.inject({ method: 'POST', url, payload, headers: { 'x-api-key': api.key, 'content-type': 'application/json' } });

  it("refuses '['*3000 + ']'*3000 to /v1/search as JSON nested too deep (it was a 500: a stack overflow)", async () => {
    const [error, ...others] = detailOf(await post(api.app, '/v1/search', '['.repeat(3000) + ']'.repeat(3000)));
    expect(others).toEqual([]);
    expect(error).toEqual({
      type: 'json_invalid',
      loc: ['body', 32],
      msg: 'JSON decode error',
      input: {},
      ctx: { error: 'nested deeper than 32 levels' },
    });
  });

  it('refuses a 1 MB array nested 1,400 deep at its depth, before parsing it, or at its size under the default limit', async () => {
    const body = nested(1400, '0,'.repeat(357));
    expect(body.length).toBeGreaterThan(1_000_000);
    const response = await post(roomy, '/v1/search', body);
    expect(detailOf(response)).toMatchObject([{ type: 'json_invalid', loc: ['body', 32 * 715] }]);
    expect(response.body.length).toBeLessThan(500);
    const atDefault = await post(api.app, '/v1/search', body);
    expect(atDefault.statusCode).toBe(413);
    expect(atDefault.json()).toEqual({ detail: `the request body is larger than the limit of ${DEFAULT_REQUEST_LIMITS.bodyLimit} bytes` });
  });

  it('answers 0.9 MB of nested NUL strings with a 422 of a few kilobytes: the first errors, their inputs cut', async () => {
    // Within the depth limit, so every one of its 9,900 NUL strings reaches the NUL check.
    const nulls = `"${'\\u0000'.repeat(15)}",`.repeat(330);
    const body = nested(30, nulls);
    expect(body.length).toBeGreaterThan(900_000);
    const response = await post(roomy, '/v1/search', body);
    const detail = detailOf(response);
    expect(detail).toHaveLength(20);
    expect(detail[0]).toEqual({
      type: 'string_pattern_mismatch',
      loc: ['body', 0],
      msg: 'String should not contain NUL (U+0000) characters',
      input: '\u0000'.repeat(15),
      ctx: { pattern: '^[^\\x00]*$' },
    });
    expect(response.body.length).toBeLessThan(8_192);
    // The issue's own shape, 1,400 deep: refused at its depth, as small.
    const deep = await post(roomy, '/v1/search', nested(1400, `"${'\\u0000'.repeat(100)}",`));
    expect(detailOf(deep)).toMatchObject([{ type: 'json_invalid' }]);
    expect(deep.body.length).toBeLessThan(500);
  });

  it('cuts what a 422 echoes: a 60 KB string is sent back as its first 100 characters', async () => {
    const response = await post(api.app, '/v1/search', JSON.stringify({ query: 'q'.repeat(60_000) }));
    expect(detailOf(response)).toEqual([
      {
        type: 'string_too_long',
        loc: ['body', 'query'],
        msg: 'String should have at most 200 characters',
        input: `${'q'.repeat(99)}…`,
        ctx: { max_length: 200 },
      },
    ]);
  });

  it('answers a URL the router cannot read with {detail}, without echoing it back', async () => {
    const del = (path: string) => api.app.inject({ method: 'DELETE', url: `/v1/keys/${path}`, headers: { 'x-api-key': api.key } });
    const long = await del('x'.repeat(10_000));
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: 'a part of the URL path is longer than 100 characters' });
    const undecodable = await del('%E0%A4%A');
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({ detail: 'the URL is not valid: a percent-encoded part of it does not decode' });
  });

  it('holds MCP messages to the same limits: too deep is a JSON-RPC parse error, too large a 413', async () => {
    const mcp = (payload: string) =>
      api.app.inject({
        method: 'POST',
        url: '/mcp',
        payload,
        headers: { 'x-api-key': api.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      });
    const deep = await mcp(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${'['.repeat(3000)}${']'.repeat(3000)}}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the message nests deeper than 32 levels' },
    });
    const large = await mcp(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { x: 'x'.repeat(70_000) } }));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ detail: expect.stringContaining('larger than the limit') });
  });
});

describeEachDatabase("what Node's HTTP parser refuses is answered in the API's shape too", (database) => {
  const api = givenApi(database, { ingest: false });
  let address = '';
  beforeAll(async () => {
    address = await api.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** Sends raw bytes and reads the whole answer until the server closes the connection. */
  const raw = async (bytes: string): Promise<string> => {
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    socket.end(bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  it('a URL over 16 KB is a 431 with a detail, not an empty answer', async () => {
    const response = await fetch(`${address}/v1/companies?q=${'x'.repeat(20_000)}`, { headers: { 'x-api-key': api.key } });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(((await response.json()) as { detail: string }).detail).toMatch(/over 16 KB/);
  });

  it('malformed HTTP is a 400 with a detail', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'the request is not valid HTTP' });
  });
});
