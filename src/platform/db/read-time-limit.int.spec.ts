import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { PROJECTIONS } from '#projections';
import { COMPANIES } from '#projections/companies/tables';
import { createKey } from '#serve/access/create-key';
import { buildApp } from '#serve/http/build-app';
import { createDatasetGate } from '#read/datasets/dataset-gate';
import type { McpDeps } from '#serve/mcp/mcp-deps';
import { registerTool } from '#serve/mcp/register-tool';
import { listScreenMetricsTool } from '#serve/mcp/tools/list-screen-metrics';
import { annualPeriod, givenCompanyRegistered, givenFact, givenFinancialsReported } from '../../../test/support/builders.ts';
import { describePostgres } from '../../../test/support/databases.ts';
import { suiteHarness } from '../../../test/support/suite-harness.ts';
import type { Database } from './db.ts';
import { openPgPool } from '#platform/db-engines/pg-pool';
import { limitReadTime } from './read-time-limit.ts';

const LIMIT_MS = 300;

describePostgres('reads past the read time limit (READ_STATEMENT_TIMEOUT_MS) on a server', (database) => {
  const harness = suiteHarness(database);
  let reads: Database;
  let app: FastifyInstance;
  let key: string;
  let mcp: Client;
  let locker: pg.Client;

  beforeAll(async () => {
    const alpha = givenCompanyRegistered({ name: 'Alpha Cements Ltd', nseSymbol: 'ALPHACEM' });
    // Financials, so that list_screen_metrics counts the facts source (it reads the companies table).
    const filing = givenFinancialsReported({
      companyId: alpha.data.companyId,
      knownAt: '2024-05-20T10:00:00.000Z',
      facts: [givenFact('Revenue', '1000', annualPeriod(2024))],
    });
    await harness.append(alpha, filing);
    await harness.project();
    const url = (harness.db as Database & { url?: string }).url;
    if (!url) throw new Error('the PostgreSQL harness has no URL');
    // As the service opens the API's database: connections carrying the limit, its cancellations mapped.
    reads = limitReadTime(await openPgPool(url, { max: 4, statementTimeoutMs: LIMIT_MS }), LIMIT_MS);
    key = (await createKey(harness.db, { workspace: { name: 'tests' }, name: 'timeouts', scopes: ['read'] })).key;
    app = buildApp({ db: reads, projections: PROJECTIONS, logger: false, limits: { perMinute: undefined, monthly: undefined } });
    await app.ready();
    const server = new McpServer({ name: 'test', version: '1' });
    registerTool(server, listScreenMetricsTool, {
      db: reads,
      datasets: createDatasetGate(reads),
      logger: { error: vi.fn() },
    } as unknown as McpDeps);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    mcp = new Client({ name: 'test', version: '1' });
    await mcp.connect(clientSide);
    locker = new pg.Client({ connectionString: url });
    await locker.connect();
  });

  afterAll(async () => {
    await locker.end();
    await mcp.close();
    await app.close();
    await reads.close();
  });

  // A read that cannot finish: another session holds the companies table, and the read waits
  // on its lock (statement_timeout counts the wait) until the server cancels it.
  const whileCompaniesLocked = async <T>(read: () => Promise<T>): Promise<T> => {
    await locker.query('begin');
    await locker.query(`lock table ${COMPANIES} in access exclusive mode`);
    try {
      return await read();
    } finally {
      await locker.query('rollback');
    }
  };
  const search = () =>
    app.inject({ method: 'POST', url: '/v1/search', headers: { 'x-api-key': key }, payload: { query: 'alpha', kinds: ['company'] } });

  it('answers POST /v1/search 503 with Retry-After and a {"detail"} saying why, and the next read is answered', async () => {
    const response = await whileCompaniesLocked(search);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({ detail: expect.stringMatching(/took longer than the service's limit of 300 ms/) as unknown });
    const after = await search();
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json<{ data: { hits: { title: string }[] } }>().data.hits[0]?.title).toBe('Alpha Cements Ltd');
  });

  it('makes list_screen_metrics a tool error the model can act on, not a protocol error or a hang', async () => {
    const result = await whileCompaniesLocked(() => mcp.callTool({ name: 'list_screen_metrics', arguments: {} }));
    expect(result.isError).toBe(true);
    const text = (result.content as { type: string; text?: string }[]).map((block) => block.text ?? '').join('\n');
    expect(text).toMatch(/took longer than the service's limit of 300 ms and was stopped; try again shortly/);
  });
});
