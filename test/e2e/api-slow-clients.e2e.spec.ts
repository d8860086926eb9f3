import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS } from '#platform/config/config';
import { buildApp } from '#serve/http/build-app';
import { createQueryEngine } from '#read/query/query-engine';
import type { QueryEngine } from '#read/query/run-query';
import { givenApi } from '../support/api-harness.ts';
import { TEST_DATABASES } from '../support/databases.ts';

/** What a raw connection received, and whether the server had closed it when we looked. */
interface Heard {
  readonly text: string;
  readonly closed: boolean;
}

/** A raw connection to a listening app that records what it hears and when the server ends it. */
function open(port: number): { socket: Socket; heard: () => string; ended: Promise<void>; connected: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  socket.on('error', () => undefined); // a reset is an ending too
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, heard: () => text, ended, connected };
}

/**
 * Sends `bytes` (and nothing more) on a new connection, then waits up to `waitMs` for the
 * server to close it. The wait is the test's bound, far above the app's timeouts, not a speed
 * asserted: without the limits the server would hold the connection for minutes.
 */
async function sendAndWait(port: number, bytes: string, waitMs = 5000): Promise<Heard> {
  const connection = open(port);
  if (bytes !== '') connection.socket.write(bytes);
  const closed = await Promise.race([connection.ended.then(() => true), sleep(waitMs).then(() => false)]);
  connection.socket.destroy();
  return { text: connection.heard(), closed };
}

/** The status line, head and parsed JSON body of the one response in `text`. */
function onlyResponse(text: string): { status: string; body: unknown; head: string } {
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split);
  return { status: head.split('\r\n')[0] ?? '', head, body: JSON.parse(text.slice(split + 4)) as unknown };
}

const TIMED_OUT = { detail: 'the request did not arrive in time' };

// One database is enough: what is tested is the HTTP server's handling of connections.
describe('slow and greedy clients are bounded: request timeouts, idle keep-alive, connections per address', () => {
  const [database] = TEST_DATABASES;
  if (!database) throw new Error('no test database');
  const api = givenApi(database, { ingest: false });
  const apps: FastifyInstance[] = [];
  /** A listening app over the suite's database with these limits; its port. */
  const listening = async (limits: Partial<ConnectionLimits>, extra: { trustProxy?: string[]; queryEngine?: QueryEngine } = {}) => {
    const app = buildApp({
      db: api.service.harness.db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute: undefined, monthly: undefined },
      connectionLimits: { ...DEFAULT_CONNECTION_LIMITS, ...limits },
      ...extra,
    });
    apps.push(app);
    return Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
  };
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  describe('with timeouts of a few hundred milliseconds', () => {
    let port = 0;
    beforeAll(async () => {
      port = await listening({ headersTimeoutMs: 200, requestTimeoutMs: 400, keepAliveTimeoutMs: 200 });
    });
    const ask = (headers: string) => `POST /v1/search HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}`;

    it('a body declared as 100 bytes and sent in part is a 408 in the API shape, and the connection closed', async () => {
      const heard = await sendAndWait(port, `${ask(`X-API-Key: ${api.key}\r\nContent-Length: 100\r\n\r\n`)}{"query": "ab`);
      expect(heard.closed).toBe(true);
      expect(onlyResponse(heard.text)).toMatchObject({ status: 'HTTP/1.1 408 Request Timeout', body: TIMED_OUT });
    });

    it('the same without a key is answered 401 at once, then 408 and closed once the body is late, not held', async () => {
      const heard = await sendAndWait(port, `${ask('Content-Length: 100\r\n\r\n')}{"query": "ab`);
      expect(heard.closed).toBe(true);
      expect(heard.text).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
      const late = heard.text.slice(heard.text.indexOf('HTTP/1.1 408 '));
      expect(onlyResponse(late)).toMatchObject({ status: 'HTTP/1.1 408 Request Timeout', body: TIMED_OUT });
    });

    it('headers that stop coming, or a connection that sends nothing, are a 408 and closed', async () => {
      for (const bytes of ['GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1', '']) {
        const heard = await sendAndWait(port, bytes);
        expect(heard.closed, JSON.stringify(bytes)).toBe(true);
        expect(onlyResponse(heard.text), JSON.stringify(bytes)).toMatchObject({ status: 'HTTP/1.1 408 Request Timeout', body: TIMED_OUT });
      }
    });

    it('headers sent a line at a time, each in time but all too late, are cut', async () => {
      const connection = open(port);
      connection.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n');
      let lines = 0;
      const dribble = setInterval(() => {
        if (!connection.socket.destroyed) connection.socket.write(`X-Line-${(lines += 1)}: slow\r\n`);
      }, 50);
      const closed = await Promise.race([connection.ended.then(() => true), sleep(5000).then(() => false)]);
      clearInterval(dribble);
      connection.socket.destroy();
      expect(closed).toBe(true);
      expect(onlyResponse(connection.heard()).body).toEqual(TIMED_OUT);
    });

    it('an idle keep-alive connection is closed after the keep-alive timeout (Node adds a second)', async () => {
      const heard = await sendAndWait(port, 'GET /v1/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(heard.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(heard.text).toMatch(/\r\nConnection: keep-alive\r\n/i);
      expect(heard.closed).toBe(true);
    });
  });

  describe('a response that outlasts the request timeout', () => {
    let port = 0;
    beforeAll(async () => {
      const engine = createQueryEngine({});
      const slow: QueryEngine = {
        plan: (question) => engine.plan(question),
        answer: async (packet, signal) => (await sleep(1500), engine.answer(packet, signal)),
      };
      port = await listening({ headersTimeoutMs: 200, requestTimeoutMs: 300 }, { queryEngine: slow });
    });

    it('/v1/ask streams its answer after 1.5 s: the timeouts bound receiving the request, not the response', async () => {
      const body = JSON.stringify({ query: "What was ACC's revenue in Q3 FY25?", session: 's-slow' });
      const heard = await sendAndWait(
        port,
        `POST /v1/ask HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${api.key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        10_000,
      );
      expect(heard.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(heard.text).toContain('event: answer');
      expect(heard.text).toContain('"status":"ok"');
      expect(heard.text).not.toContain('408');
    });
  });

  describe('Connection: close on event streams', () => {
    let port = 0;
    beforeAll(async () => {
      // A long keep-alive, so that a connection the server keeps is told from one it closes.
      port = await listening({ keepAliveTimeoutMs: 60_000 });
    });
    const post = (url: string, body: unknown, headers: string) => {
      const text = JSON.stringify(body);
      return `POST ${url} HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${api.key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n${headers}Connection: close\r\n\r\n${text}`;
    };

    it('/v1/ask answers Connection: close and ends the socket after its stream (it kept it 73 s)', async () => {
      const heard = await sendAndWait(port, post('/v1/ask', { query: "What was ACC's revenue in Q3 FY25?", session: 's-1' }, ''));
      expect(heard.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(heard.text).toContain('event: answer');
      expect(heard.text).toMatch(/\r\nConnection: close\r\n/i);
      expect(heard.closed).toBe(true);
    });

    it('/mcp ends the socket after its response too', async () => {
      const heard = await sendAndWait(
        port,
        post('/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, 'Accept: application/json, text/event-stream\r\n'),
      );
      expect(heard.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(heard.closed).toBe(true);
    });
  });

  describe('connections per client address', () => {
    const request = 'GET /v1/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n';
    /** Opens a connection and completes one request on it, so the server has surely counted it. */
    const held = async (port: number) => {
      const connection = open(port);
      connection.socket.write(request);
      while (!connection.heard().includes('"openapi"')) {
        if (connection.socket.destroyed) throw new Error(`closed: ${connection.heard()}`);
        await sleep(10);
      }
      return connection;
    };

    it('beyond the cap a new connection is closed unanswered, while those held still work', async () => {
      const port = await listening({ maxConnectionsPerAddress: 3 });
      const first = await Promise.all([held(port), held(port), held(port)]);
      const refused = open(port);
      refused.socket.write(request);
      await refused.ended;
      expect(refused.heard()).toBe('');
      // The three held still answer, and closing one makes room for another.
      const again = await sendAndWait(port, `${request.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n')}`);
      expect(again.text).toBe(''); // three still held: refused
      first[0]?.socket.write(request.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'));
      await first[0]?.ended;
      expect(first[0]?.heard().match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
      const room = await sendAndWait(port, request.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'));
      expect(room.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      for (const connection of first) connection.socket.destroy();
    });

    it('a trusted proxy (TRUST_PROXY) is not capped: its connections carry many clients', async () => {
      const port = await listening({ maxConnectionsPerAddress: 1 }, { trustProxy: ['loopback'] });
      const both = await Promise.all([held(port), held(port)]);
      expect(both.map((connection) => connection.socket.destroyed)).toEqual([false, false]);
      for (const connection of both) connection.socket.destroy();
    });
  });

  describe('HTTP/1.1 without Host', () => {
    let port = 0;
    beforeAll(async () => {
      port = await listening({});
    });

    it('is a 400 with a detail, and the connection closed', async () => {
      const heard = await sendAndWait(port, 'GET /v1/ HTTP/1.1\r\n\r\n');
      expect(heard.closed).toBe(true);
      const response = onlyResponse(heard.text);
      expect(response.status).toBe('HTTP/1.1 400 Bad Request');
      expect(response.head).toMatch(/\r\ncontent-type: application\/json/i);
      expect(response.body).toEqual({ detail: 'the request has no Host header, which HTTP/1.1 requires' });
    });

    it('HTTP/1.0, which has no Host to require, is still answered', async () => {
      const heard = await sendAndWait(port, 'GET /v1/openapi.json HTTP/1.0\r\n\r\n');
      expect(heard.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    });
  });
});
