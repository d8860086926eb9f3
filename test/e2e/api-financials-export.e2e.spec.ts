import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseCsv } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { FinancialsResponseSchema } from '#schemas/api/financials';
import { UnknownTickersSchema } from '#schemas/api/financials-export';
import { type Fact, FactSchema } from '#schemas/read-models/fact';
import type { Database, SqlExecutor } from '#platform/db/db';
import { buildApp } from '#serve/http/build-app';
import { FACT_CSV_COLUMNS } from '#serve/http/export/fact-csv';
import { errorKeys, givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { FACTS } from '#projections/facts/tables';

// The sample's companies with filed results (sample-data/results/xbrl), in an order that is not
// alphabetical, one named by ISIN: the export keeps the order given.
const TICKERS = ['TCS', 'ACC', 'INE009A01021', 'RELIANCE', 'HDFCBANK', 'BAJFINANCE'];
// Between ACC's Q3 FY25 filing (28 Jan 2025) and its revision (31 Jan 2025).
const AS_OF = '2025-01-29T00:00:00Z';
const EXPORT = '/v1/financials/export';

const lines = (body: string): unknown[] => {
  expect(body.endsWith('\n')).toBe(true);
  return body
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
};

/** A statement counter around a database: the facts statements an export has run so far. */
function countingFacts(db: Database): { db: Database; count: () => number } {
  let count = 0;
  const counted = (executor: SqlExecutor): SqlExecutor => ({
    query: (text, params) => {
      if (text.includes(FACTS)) count += 1;
      return executor.query(text, params);
    },
    transaction: (fn) => executor.transaction((tx) => fn(counted(tx))),
  });
  return { db: { ...db, ...counted(db) }, count: () => count };
}

describeEachDatabase('GET /v1/financials/export on the sample', (database) => {
  const api = givenApi(database);
  // The same service with pages of 3 facts, so every company spans many keyset pages, three
  // companies read at once on a server, and its facts statements counted.
  let paged: FastifyInstance | undefined;
  let statements: () => number = () => 0;
  beforeAll(async () => {
    const counting = countingFacts(api.service.harness.db);
    statements = counting.count;
    paged = buildApp({
      db: counting.db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute: 100_000, monthly: undefined },
      exportLimits: { pageSize: 3, statementTimeoutMs: 10_000, companiesAhead: 3 },
    });
    await paged.ready();
  });
  afterAll(async () => {
    await paged?.close();
  });

  /** Each company's /v1/financials items for the same parameters, in the order of `tickers`. */
  async function financialsOf(tickers: readonly string[], parameters: string): Promise<Fact[]> {
    const facts: Fact[] = [];
    for (const ticker of tickers) {
      const response = await api.get(`/v1/financials?ticker=${ticker}&limit=2000${parameters}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = FinancialsResponseSchema.parse(response.json()).data;
      expect(page.length).toBeLessThan(2000);
      facts.push(...page);
    }
    return facts;
  }

  it('sends, as NDJSON, each line the /v1/financials item of the same company and as_of, in order, and ends the stream', async () => {
    const response = await api.get(`${EXPORT}?tickers=${TICKERS.join(',')}&as_of=${AS_OF}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['ratelimit-limit']).toBeDefined();
    const expected = await financialsOf(TICKERS, `&as_of=${AS_OF}`);
    expect(expected.length).toBeGreaterThan(500);
    const sent = lines(response.body);
    expect(sent).toEqual(expected);
    // Field for field and byte for byte: the line is the item as /v1/financials serialises it.
    expect(response.body).toBe(expected.map((fact) => `${JSON.stringify(fact)}\n`).join(''));
    for (const line of sent) FactSchema.parse(line);
  });

  it('reads keyset pages that together are the same facts, whatever the page size', async () => {
    const parameters = `&as_of=${AS_OF}&period=quarterly&basis=consolidated&concept=Revenue,ProfitAfterTax,TotalAssets`;
    const before = statements();
    const response = await paged!.inject({ url: `${EXPORT}?tickers=${TICKERS.join(',')}${parameters}`, headers: { 'x-api-key': api.key } });
    expect(response.statusCode, response.body).toBe(200);
    const expected = await financialsOf(TICKERS, parameters);
    expect(expected.length).toBeGreaterThan(30);
    expect(lines(response.body)).toEqual(expected);
    // Pages of 3: a statement per 3 facts of each company, and one that finds the end.
    expect(statements() - before).toBeGreaterThanOrEqual(Math.ceil(expected.length / 3));
  });

  it('shows only what was knowable at as_of: ACC Q3 FY25 revenue before and after its revision', async () => {
    const revenue = async (asOf: string) => {
      const response = await api.get(`${EXPORT}?tickers=ACC&concept=Revenue&period=quarterly&basis=consolidated&as_of=${asOf}`);
      expect(response.statusCode, response.body).toBe(200);
      const facts = lines(response.body).map((line) => FactSchema.parse(line));
      for (const fact of facts) expect(Date.parse(fact.known_at)).toBeLessThanOrEqual(Date.parse(asOf));
      return facts.find((fact) => fact.period.end === '2024-12-31');
    };
    expect(await revenue(AS_OF)).toMatchObject({ value: '52072900000', known_at: '2025-01-28T06:20:59.000Z' });
    expect(await revenue('2025-01-31T13:15:55.999Z')).toMatchObject({ value: '52072900000' });
    expect(await revenue('2025-02-01T00:00:00Z')).toMatchObject({ value: '59273800000', known_at: '2025-01-31T13:15:56.000Z' });
    expect(await revenue('2025-01-01T00:00:00Z')).toBeUndefined();
    const everything = lines((await api.get(`${EXPORT}?tickers=${TICKERS.join(',')}&as_of=${AS_OF}`)).body) as Fact[];
    const now = lines((await api.get(`${EXPORT}?tickers=${TICKERS.join(',')}`)).body) as Fact[];
    expect(now.length).toBeGreaterThan(everything.length);
    expect(now.some((fact) => Date.parse(fact.known_at) > Date.parse(AS_OF))).toBe(true);
  });

  it('sends CSV with a header of every fact field, RFC 4180 quoting, null as an empty field, and the same facts', async () => {
    const response = await api.get(`${EXPORT}?tickers=${TICKERS.join(',')}&as_of=${AS_OF}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    const header = response.body.slice(0, response.body.indexOf('\r\n'));
    expect(header).toBe(
      'company.id,company.name,company.nse_symbol,company.bse_code,company.isin,company.cin,concept,basis,' +
        'period.type,period.start,period.end,period.fiscal_year,period.fiscal_quarter,value,unit,decimals,scale,' +
        'filing_id,document_type,source_url,element,known_at,recorded_at,revision_number',
    );
    expect(response.body.endsWith('\r\n')).toBe(true);
    const rows = parseCsv<Record<string, string>>(response.body, { columns: true, record_delimiter: '\r\n', quote: '"' });
    const expected = await financialsOf(TICKERS, `&as_of=${AS_OF}`);
    expect(rows.length).toBe(expected.length);
    const cells = (fact: Fact) =>
      Object.fromEntries(FACT_CSV_COLUMNS.map((c) => [c.name, c.read(fact) === null ? '' : String(c.read(fact))]));
    expect(rows).toEqual(expected.map(cells));
    // Null is an empty field, never a quoted empty string: an instant has no period start.
    expect(response.body).toMatch(/,instant,,\d{4}-\d{2}-\d{2},/);
    expect(response.body).not.toContain(',"",');
  });

  it('names a company once, at its first place, when two references name it', async () => {
    const once_ = lines((await api.get(`${EXPORT}?tickers=ACC&as_of=${AS_OF}`)).body);
    const twice = lines((await api.get(`${EXPORT}?tickers=ACC,NSE:ACC,%20INE012A01025%20&as_of=${AS_OF}`)).body);
    expect(twice).toEqual(once_);
  });

  it('refuses bad input with 4xx in FastAPI shape, and names every unknown ticker', async () => {
    expect(errorKeys(await api.get(EXPORT))).toEqual(['query.tickers:missing']);
    expect(errorKeys(await api.get(`${EXPORT}?tickers=ACC,,TCS`))).toEqual(['query.tickers:value_error']);
    const many = Array.from({ length: 501 }, (_, i) => `T${i}`).join(',');
    expect(errorKeys(await api.get(`${EXPORT}?tickers=${many}`))).toEqual(['query.tickers:value_error']);
    expect(errorKeys(await api.get(`${EXPORT}?tickers=ACC&concept=Revenue,Revnue`))).toEqual(['query.concept:value_error']);
    expect(errorKeys(await api.get(`${EXPORT}?tickers=ACC&period=monthly`))).toEqual(['query.period:literal_error']);
    expect(errorKeys(await api.get(`${EXPORT}?tickers=ACC&basis=both`))).toEqual(['query.basis:literal_error']);
    expect(errorKeys(await api.get(`${EXPORT}?tickers=ACC&format=xlsx`))).toEqual(['query.format:literal_error']);
    expect(errorKeys(await api.get(`${EXPORT}?tickers=ACC&as_of=yesterday`))).toHaveLength(1);
    const unknown = await api.get(`${EXPORT}?tickers=ACC,NOPE1,TCS,nope2&as_of=${AS_OF}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    const body = UnknownTickersSchema.parse(unknown.json());
    expect(body.unknown_tickers).toEqual(['NOPE1', 'nope2']);
    expect(body.detail).toMatch(/^2 of the tickers name no company: 'NOPE1', 'nope2'/);
    const keyless = await api.app.inject({ url: `${EXPORT}?tickers=ACC` });
    expect(keyless.statusCode).toBe(401);
    expect(keyless.json()).toHaveProperty('detail');
  });

  it('is in the OpenAPI document with its parameters, both media types and the 404 that lists unknown tickers', async () => {
    const document = (await api.get('/v1/openapi.json')).json<OpenAPIV3_1.Document>();
    const operation = document.paths?.[EXPORT]?.get;
    const names = (operation?.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.map((p) => [p.name, p.required]);
    expect(names).toEqual([
      ['tickers', true],
      ['period', false],
      ['basis', false],
      ['concept', false],
      ['as_of', false],
      ['recorded_as_of', false],
      ['format', false],
    ]);
    const ok = operation?.responses?.['200'] as OpenAPIV3_1.ResponseObject | undefined;
    expect(Object.keys(ok?.content ?? {})).toEqual(['application/x-ndjson', 'text/csv', 'application/vnd.apache.parquet']);
    expect(JSON.stringify(operation?.responses?.['404'])).toContain('#/components/schemas/UnknownTickers');
    expect(JSON.stringify(document.components?.schemas?.['UnknownTickers'])).toContain('unknown_tickers');
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '404', '422', '429', '503']));
  });

  it('stops reading the database when the client goes away', async () => {
    const app = paged!;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const request = http.get({ port, path: `${EXPORT}?tickers=${TICKERS.join(',')}`, headers: { 'x-api-key': api.key } });
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    expect(response.statusCode).toBe(200);
    const before = statements();
    await once(response, 'data');
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = statements();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(statements()).toBe(after);
    // Pages of 3 over every fact of six companies: over a thousand statements had the client read on.
    expect(after - before).toBeLessThan(300);
  });
});
