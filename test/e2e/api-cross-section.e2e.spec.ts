import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { CrossSectionResponseSchema } from '#schemas/api/cross-section';
import { FactChangesResponseSchema } from '#schemas/api/fact-changes';
import { FinancialsResponseSchema } from '#schemas/api/financials';
import { FinancialMetricsResponseSchema } from '#schemas/api/metrics';
import type { Fact } from '#schemas/read-models/fact';
import type { Metric } from '#schemas/read-models/metric';
import { FACT_CSV_COLUMNS } from '#serve/http/export/fact-csv';
import { errorKeys, givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { canonicalDecimal, readParquet } from '../support/parquet-rows.ts';

// The sample's results filings (sample-data/results): ACC's Q3 FY25 consolidated revenue is
// 52,072,900,000 in INDAS_117817_1362652_28012025115046.xml (disseminated 2025-01-28 06:20:59
// UTC) and 59,273,800,000 in its revision INDAS_118350_1367750_31012025064516.xml (2025-01-31
// 13:15:56 UTC).
const ORIGINAL_KNOWN_AT = '2025-01-28T06:20:59.000Z';
const REVISION_KNOWN_AT = '2025-01-31T13:15:56.000Z';
const TICKERS = ['ACC', 'BAJFINANCE', 'HDFCBANK', 'INFY', 'RELIANCE', 'TCS'];
const Q3_FY25 = '/v1/cross-section?concept=Revenue&fiscal_year=2025&fiscal_quarter=3&basis=consolidated';

const order = (a: Fact, b: Fact) =>
  a.company.id.localeCompare(b.company.id) ||
  a.basis.localeCompare(b.basis) ||
  a.period.type.localeCompare(b.period.type) ||
  a.period.end.localeCompare(b.period.end);

describeEachDatabase('GET /v1/cross-section and /v1/financials/changes on the sample', (database) => {
  const api = givenApi(database);

  const section = async (url: string) => {
    const response = await api.get(url);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return CrossSectionResponseSchema.parse(response.json());
  };
  /** A concept's page: its rows are facts. */
  const page = async (url: string) => {
    const body = await section(url);
    expect(body.meta.metric).toBeNull();
    return { ...body, data: body.data as Fact[] };
  };
  /** Every row of a cross-section, page after page, each page read by `read`. */
  const everyPage = async <R>(
    read: (url: string) => Promise<{ data: R[]; meta: { next_cursor: string | null } }>,
    url: string,
    limit: number,
  ) => {
    const rows: R[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body = await read(`${url}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.data.length).toBeLessThanOrEqual(limit);
      rows.push(...body.data);
      cursor = body.meta.next_cursor;
      pages += 1;
      expect(pages).toBeLessThan(200);
    } while (cursor !== null);
    return rows;
  };
  const allPages = (url: string, limit: number) => everyPage(page, url, limit);

  it("gives ACC's Q3 FY25 revenue as known on each day, as first reported and restated, with revision numbers", async () => {
    const acc = (body: { data: Fact[] }) => body.data.find((f) => f.company.nse_symbol === 'ACC');
    const before = await page(`${Q3_FY25}&as_of=2025-01-30`);
    expect(acc(before)).toMatchObject({ value: '52072900000', known_at: ORIGINAL_KNOWN_AT, revision_number: 0, unit: 'INR' });
    expect(before.meta).toMatchObject({
      as_of: '2025-01-30T00:00:00Z',
      view: 'as_of',
      period: 'quarterly',
      fiscal_year: 2025,
      fiscal_quarter: 3,
    });
    const after = await page(`${Q3_FY25}&as_of=2025-02-01`);
    expect(acc(after)).toMatchObject({ value: '59273800000', known_at: REVISION_KNOWN_AT, revision_number: 1 });
    expect(acc(after)?.source_url).toMatch(/INDAS_118350_1367750_31012025064516\.xml$/);
    for (const asOf of ['2025-01-29', '2025-02-01', '2026-01-01']) {
      expect(acc(await page(`${Q3_FY25}&view=as_first_reported&as_of=${asOf}`))).toMatchObject({
        value: '52072900000',
        revision_number: 0,
      });
    }
    expect(acc(await page(`${Q3_FY25}&view=latest`))).toMatchObject({ value: '59273800000', revision_number: 1 });
    // Before its first release ACC is absent, never zero.
    expect(acc(await page(`${Q3_FY25}&as_of=2025-01-28T06:20:58Z`))).toBeUndefined();
  });

  it('leaves out a company that had not reported by as_of, and pages through every company once', async () => {
    const now = await allPages(Q3_FY25, 1);
    expect(new Set(now.map((f) => f.company.id)).size).toBe(now.length);
    expect(now.length).toBeGreaterThanOrEqual(3);
    expect(now).toEqual([...now].sort(order));
    expect(now).toEqual((await page(`${Q3_FY25}&limit=2000`)).data);
    // Halfway between the first and the last release, some have reported and some not.
    const releases = now.map((f) => f.known_at).sort();
    const first = releases[0] ?? '';
    const middle = releases.find((at) => at > first) ?? '';
    const then = (await page(`${Q3_FY25}&as_of=${first}`)).data;
    expect(then.map((f) => f.company.id)).toEqual(now.filter((f) => f.known_at <= first).map((f) => f.company.id));
    expect(then.length).toBeLessThan(now.length);
    expect(then.length).toBeGreaterThan(0);
    expect(middle > first).toBe(true);
  });

  it('writes each row byte for byte as /v1/financials writes the same fact, and an empty page as []', async () => {
    const response = await api.get(`${Q3_FY25}&as_of=2025-02-01&limit=2000`);
    expect(response.statusCode).toBe(200);
    const rows = (JSON.parse(response.body) as { data: { company: { nse_symbol: string } }[] }).data;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const ticker of TICKERS) {
      const financials = await api.get(
        `/v1/financials?ticker=${ticker}&concept=Revenue&basis=consolidated&period=quarterly&as_of=2025-02-01&limit=2000`,
      );
      // JSON.parse keeps each object's key order, so JSON.stringify gives back the bytes of the fact.
      const facts = (JSON.parse(financials.body) as { data: Fact[] }).data;
      const fact = facts.find((f) => f.period.fiscal_year === 2025 && f.period.fiscal_quarter === 3 && f.period.type === 'quarterly');
      if (fact) expect(response.body).toContain(JSON.stringify(fact));
      else expect(rows.some((row) => row.company.nse_symbol === ticker)).toBe(false);
    }
    // The whole body is the JSON.stringify of what it holds: meta's keys in envelope's order.
    expect(response.body).toBe(JSON.stringify(JSON.parse(response.body)));
    expect(Object.keys((JSON.parse(response.body) as { meta: object }).meta)[0]).toBe('timestamp');
    const empty = await api.get(`${Q3_FY25}&as_of=2020-01-01`);
    expect(JSON.parse(empty.body)).toMatchObject({ data: [], meta: { count: 0, next_cursor: null } });
  });

  it('matches a calendar quarter by the period end: 2024Q4 is Q3 FY25 for companies whose year ends in March', async () => {
    const calendar = await page('/v1/cross-section?concept=Revenue&calendar_quarter=2024Q4&basis=consolidated');
    expect(calendar.data.every((f) => f.period.end >= '2024-10-01' && f.period.end <= '2024-12-31')).toBe(true);
    expect(calendar.data).toEqual((await page(Q3_FY25)).data);
    expect(calendar.meta).toMatchObject({ calendar_quarter: '2024Q4', fiscal_year: null, period: 'quarterly' });
  });

  it('equals, for random instants, periods and views, the per-company answers of /v1/financials', async () => {
    const periods = [
      { query: 'fiscal_year=2025&fiscal_quarter=3', financials: 'quarterly', fy: 2025, fq: 3 },
      { query: 'fiscal_year=2025&fiscal_quarter=2', financials: 'quarterly', fy: 2025, fq: 2 },
      { query: 'fiscal_year=2024&period=annual', financials: 'annual', fy: 2024, fq: undefined },
    ] as const;
    const instant = fc
      .integer({ min: Date.parse('2024-04-01T00:00:00Z'), max: Date.parse('2025-06-01T00:00:00Z') })
      .map((ms) => new Date(ms).toISOString());
    await fc.assert(
      fc.asyncProperty(
        instant,
        fc.constantFrom(...periods),
        fc.constantFrom('as_of', 'as_first_reported'),
        fc.constantFrom('Revenue', 'ProfitAfterTax', 'TotalAssets'),
        async (asOf, period, view, concept) => {
          const section = await allPages(`/v1/cross-section?concept=${concept}&${period.query}&as_of=${asOf}&view=${view}`, 2);
          const expected: Fact[] = [];
          for (const ticker of TICKERS) {
            const response = await api.get(
              `/v1/financials?ticker=${ticker}&concept=${concept}&period=${period.financials}&as_of=${asOf}&view=${view}&limit=2000`,
            );
            const facts = FinancialsResponseSchema.parse(response.json()).data;
            expected.push(
              ...facts.filter(
                (f) => f.period.fiscal_year === period.fy && (period.fq === undefined || f.period.fiscal_quarter === period.fq),
              ),
            );
          }
          expect(section).toEqual(expected.sort(order));
        },
      ),
      { numRuns: 12 },
    );
  });

  /** A metric's page: its rows are metrics. */
  const metricPage = async (url: string) => {
    const body = await section(url);
    expect(body.meta.concept).toBeNull();
    return { ...body, data: body.data as Metric[] };
  };
  const allMetricPages = (url: string, limit: number) => everyPage(metricPage, url, limit);
  const metricOrder = (a: Metric, b: Metric) =>
    a.company.id.localeCompare(b.company.id) ||
    a.basis.localeCompare(b.basis) ||
    a.period.start.localeCompare(b.period.start) ||
    a.period.end.localeCompare(b.period.end);

  it("gives a metric over every company: ACC's Q3 FY25 net margin from its revenue as known on each day", async () => {
    const url = '/v1/cross-section?metric=net_margin&fiscal_year=2025&fiscal_quarter=3&basis=consolidated';
    const acc = (rows: Metric[]) => rows.find((m) => m.company.nse_symbol === 'ACC');
    const before = acc((await metricPage(`${url}&as_of=2025-01-30`)).data);
    const after = acc((await metricPage(`${url}&as_of=2025-02-01`)).data);
    expect(before?.inputs.find((i) => i.concept === 'Revenue')).toMatchObject({ value: '52072900000', known_at: ORIGINAL_KNOWN_AT });
    expect(after?.inputs.find((i) => i.concept === 'Revenue')).toMatchObject({ value: '59273800000', known_at: REVISION_KNOWN_AT });
    expect(before?.value).not.toBe(after?.value);
    expect(after).toMatchObject({
      metric: 'net_margin',
      unit: 'ratio',
      period: { type: 'quarterly', end: '2024-12-31', fiscal_quarter: 3 },
    });
    const body = await metricPage(`${url}&as_of=2025-02-01`);
    expect(body.meta).toMatchObject({ metric: 'net_margin', concept: null, period: 'quarterly', view: 'as_of' });
    // The audit read of the record as it stands gives the same rows.
    const recorded = await metricPage(`${url}&as_of=2025-02-01&recorded_as_of=${encodeURIComponent(body.meta.recorded_as_of)}`);
    expect(recorded.data).toEqual(body.data);
    // Before ACC's first release of the quarter, it is absent, never zero.
    expect(acc((await metricPage(`${url}&as_of=2025-01-28T06:20:58Z`)).data)).toBeUndefined();
  });

  it('gives, for random instants, periods, views and metrics, what /v1/financial-metrics gives each company, page after page', async () => {
    const periods = [
      { query: 'fiscal_year=2025&fiscal_quarter=3', filter: 'quarterly', fy: 2025, fq: 3 },
      { query: 'fiscal_year=2024&period=annual', filter: 'annual', fy: 2024, fq: null },
      { query: 'calendar_quarter=2024Q3', filter: 'quarterly', fy: undefined, fq: undefined },
    ] as const;
    const instant = fc
      .integer({ min: Date.parse('2024-04-01T00:00:00Z'), max: Date.parse('2025-06-01T00:00:00Z') })
      .map((ms) => new Date(ms).toISOString());
    await fc.assert(
      fc.asyncProperty(
        instant,
        fc.constantFrom(...periods),
        fc.constantFrom('as_of', 'as_first_reported'),
        fc.constantFrom('net_margin', 'debt_to_equity', 'cash_conversion', 'Revenue_growth', 'ebitda'),
        async (asOf, period, view, metric) => {
          const rows = await allMetricPages(`/v1/cross-section?metric=${metric}&${period.query}&as_of=${asOf}&view=${view}`, 3);
          const expected: Metric[] = [];
          for (const ticker of TICKERS) {
            const response = await api.get(`/v1/financial-metrics?ticker=${ticker}&period=${period.filter}&as_of=${asOf}&view=${view}`);
            const metrics = FinancialMetricsResponseSchema.parse(response.json()).data;
            expected.push(
              ...metrics.filter(
                (m) =>
                  m.metric === metric &&
                  (period.fy === undefined
                    ? m.period.end >= '2024-07-01' && m.period.end <= '2024-09-30'
                    : m.period.fiscal_year === period.fy && m.period.fiscal_quarter === period.fq),
              ),
            );
          }
          expect(rows).toEqual(expected.sort(metricOrder));
        },
      ),
      { numRuns: 10 },
    );
  });

  it('GET /v1/financials/changes gives what changed between two vintages: old and new value, the filing that changed it', async () => {
    const changes = async (url: string) => {
      const response = await api.get(url);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      return FactChangesResponseSchema.parse(response.json());
    };
    const restated = await changes('/v1/financials/changes?ticker=ACC&from=2025-01-30&to=2025-02-01');
    const revenue = restated.data.find(
      (c) => c.concept === 'Revenue' && c.basis === 'consolidated' && c.period.type === 'quarterly' && c.period.end === '2024-12-31',
    );
    expect(revenue).toMatchObject({
      change: 'restated',
      previous_value: '52072900000',
      previous_known_at: ORIGINAL_KNOWN_AT,
      value: '59273800000',
      known_at: REVISION_KNOWN_AT,
      revision_number: 1,
    });
    expect(revenue?.source_url).toMatch(/INDAS_118350_1367750_31012025064516\.xml$/);
    expect(revenue?.previous_source_url).toMatch(/INDAS_117817_1362652_28012025115046\.xml$/);
    // Only changed values: every row differs from what was visible before, as numbers.
    expect(restated.data.every((c) => c.previous_value === null || Number(c.previous_value) !== Number(c.value))).toBe(true);
    expect(restated.meta).toMatchObject({ ticker: 'ACC', company: { nse_symbol: 'ACC' }, count: restated.data.length });
    // Before the first release, the same fact is added.
    const added = await changes('/v1/financials/changes?ticker=ACC&from=2025-01-01&to=2025-01-30');
    expect(
      added.data.find(
        (c) => c.concept === 'Revenue' && c.basis === 'consolidated' && c.period.end === '2024-12-31' && c.period.type === 'quarterly',
      ),
    ).toMatchObject({
      change: 'added',
      previous_value: null,
      value: '52072900000',
    });
    // Every company, paged: the same rows as one page, each once, in the order they became known.
    const market = '/v1/financials/changes?from=2024-12-01&to=2025-03-01';
    const whole = await changes(`${market}&limit=2000`);
    expect(whole.data.length).toBeGreaterThan(added.data.length);
    expect(new Set(whole.data.map((c) => c.company.id)).size).toBeGreaterThan(1);
    const paged = [];
    let cursor: string | null = null;
    do {
      const body = await changes(`${market}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...body.data);
      cursor = body.meta.next_cursor;
    } while (cursor !== null);
    expect(paged).toEqual(whole.data);
    expect(whole.data.map((c) => c.known_at)).toEqual(whole.data.map((c) => c.known_at).sort());
    expect((await api.get('/v1/financials/changes?from=2025-02-01&to=2025-01-01')).statusCode).toBe(422);
    expect((await api.get('/v1/financials/changes?ticker=NOPE&from=2025-01-01&to=2025-02-01')).statusCode).toBe(404);
  });

  it('sends the cross-section as one Parquet file with format=parquet: every page from the cursor on, decimals exact, read back by DuckDB', async () => {
    const url = `${Q3_FY25}&as_of=2025-02-01`;
    const json = await allPages(url, 2);
    const cellsOf = (fact: Fact): (string | null)[] =>
      FACT_CSV_COLUMNS.map((column) => {
        const value = column.read(fact);
        if (value === null) return null;
        return column.name === 'value' ? canonicalDecimal(String(value)) : String(value);
      });
    const dir = await mkdtemp(path.join(tmpdir(), 'imd-cross-section-'));
    try {
      const read = async (query: string) => {
        const response = await api.get(`${url}&format=parquet${query}`);
        expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
        expect(response.headers['content-type']).toBe('application/vnd.apache.parquet');
        const file = path.join(dir, `${randomUUID()}.parquet`);
        await writeFile(file, response.rawPayload);
        return readParquet(file);
      };
      const whole = await read('&limit=2');
      expect(whole.columns.map((c) => c.name)).toEqual(FACT_CSV_COLUMNS.map((c) => c.name));
      expect(whole.columns.find((c) => c.name === 'value')?.type).toMatch(/^DECIMAL/);
      expect(whole.rows).toEqual(json.map(cellsOf));
      // From a cursor on: the rows after the first page.
      const first = await page(`${url}&limit=2`);
      expect((await read(`&limit=2&cursor=${first.meta.next_cursor ?? ''}`)).rows).toEqual(json.slice(2).map(cellsOf));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("sends a metric's cross-section as Parquet: the metric's columns, values exact as text, every page", async () => {
    const url = '/v1/cross-section?metric=net_margin&fiscal_year=2025&fiscal_quarter=3&as_of=2025-02-01';
    const json = await allMetricPages(url, 2);
    expect(json.length).toBeGreaterThan(2);
    const dir = await mkdtemp(path.join(tmpdir(), 'imd-metric-section-'));
    try {
      const response = await api.get(`${url}&limit=2&format=parquet`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const file = path.join(dir, 'net-margin.parquet');
      await writeFile(file, response.rawPayload);
      const { columns, rows } = await readParquet(file);
      const at = (name: string) => columns.findIndex((c) => c.name === name);
      expect(at('value')).toBeGreaterThanOrEqual(0);
      expect(columns[at('value')]?.type).toBe('VARCHAR');
      expect(rows.map((row) => [row[at('company.id')], row[at('basis')], row[at('value')]])).toEqual(
        json.map((m) => [m.company.id, m.basis, m.value]),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers bad parameters with 422s', async () => {
    const neither = await api.get('/v1/cross-section?concept=Revenue');
    expect(neither.json()).toEqual({
      detail: [
        {
          type: 'value_error',
          loc: ['query'],
          msg: 'Value error, give one of fiscal_year and calendar_quarter',
          input: { concept: 'Revenue' },
          ctx: { error: 'give one of fiscal_year and calendar_quarter' },
        },
      ],
    });
    expect(errorKeys(await api.get('/v1/cross-section?concept=Revenue&fiscal_year=2025&calendar_quarter=2024Q4'))).toEqual([
      'query.calendar_quarter:value_error',
    ]);
    expect((await api.get('/v1/cross-section?concept=Revenue&fiscal_year=2025&period=quarterly')).statusCode).toBe(422);
    expect((await api.get('/v1/cross-section?concept=Revenue&fiscal_year=2025&fiscal_quarter=3&period=annual')).statusCode).toBe(422);
    expect((await api.get('/v1/cross-section?concept=Revenue&calendar_quarter=2024Q5')).statusCode).toBe(422);
    expect((await api.get('/v1/cross-section?concept=Sales&fiscal_year=2025')).statusCode).toBe(422);
    expect((await api.get(`${Q3_FY25}&view=latest&as_of=2025-01-30`)).statusCode).toBe(422);
    expect(errorKeys(await api.get(`${Q3_FY25}&cursor=not-a-cursor`))).toEqual(['query.cursor:value_error']);
    expect((await api.get(`${Q3_FY25}&limit=2001`)).statusCode).toBe(422);
    expect(errorKeys(await api.get('/v1/cross-section?fiscal_year=2025'))).toEqual(['query:value_error']);
    expect(errorKeys(await api.get('/v1/cross-section?concept=Revenue&metric=net_margin&fiscal_year=2025'))).toEqual([
      'query.metric:value_error',
    ]);
    expect(errorKeys(await api.get('/v1/cross-section?metric=margin&fiscal_year=2025'))).toEqual(['query.metric:literal_error']);
    // A concept's cursor on a metric's query, and the other way round.
    const conceptCursor = (await page(`${Q3_FY25}&limit=1`)).meta.next_cursor ?? '';
    expect(
      errorKeys(await api.get(`/v1/cross-section?metric=net_margin&fiscal_year=2025&fiscal_quarter=3&cursor=${conceptCursor}`)),
    ).toEqual(['query.cursor:value_error']);
    const metricCursor =
      (await metricPage('/v1/cross-section?metric=net_margin&fiscal_year=2025&fiscal_quarter=3&limit=1')).meta.next_cursor ?? '';
    expect(errorKeys(await api.get(`${Q3_FY25}&cursor=${metricCursor}`))).toEqual(['query.cursor:value_error']);
  });
});
