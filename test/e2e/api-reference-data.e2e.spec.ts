import { expect, it } from 'vitest';
import { CompaniesResponseSchema, InstrumentsResponseSchema } from '#schemas/api/companies';
import { FilingsResponseSchema } from '#schemas/api/filings';
import { ApiIndexResponseSchema } from '#schemas/api/api-index';
import { errorKeys, givenApi, validationErrors } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';

describeEachDatabase('GET /v1/, /v1/companies, /v1/instruments, /v1/filings on the sample', (database) => {
  const api = givenApi(database);

  it('GET /v1/ says what the API is, lists its endpoints and each dataset with rows and latest write', async () => {
    const response = await api.get('/v1/');
    expect(response.statusCode).toBe(200);
    const body = ApiIndexResponseSchema.parse(response.json());
    expect(body.data.version).toBe('0.1.0');
    expect(body.data.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining(['GET /v1/companies', 'GET /v1/financials', 'GET /v1/filings', 'GET /v1/instruments']),
    );
    expect(body.data.mcp).toEqual({ url: '/mcp/', tools: expect.arrayContaining(['search', 'get_financials', 'list_datasets']) });
    expect(body.data.mcp.tools).toHaveLength(18);
    const financials = body.data.datasets.find((d) => d.name === 'financials');
    expect(financials).toMatchObject({ available: true, reason: null, projection_status: 'live' });
    expect(financials?.rows).toBeGreaterThan(1000);
    expect(financials?.latest_known_at).toBe('2025-01-31T13:15:56.000Z');
    expect(body.meta.count).toBe(body.data.datasets.length);
  });

  it('GET /v1/companies finds names containing the text, pages them and counts the total', async () => {
    const response = await api.get('/v1/companies?q=tata%20consultancy');
    expect(response.statusCode).toBe(200);
    const body = CompaniesResponseSchema.parse(response.json());
    expect(body.data).toEqual([expect.objectContaining({ nse_symbol: 'TCS', isin: 'INE467B01029', listing_date: '2004-08-25' })]);
    expect(body.data[0]?.name).toMatch(/^Tata Consultancy Services/);
    expect(body.meta).toMatchObject({ count: 1, total: 1, limit: 100, offset: 0, dataset: 'companies' });

    const first = CompaniesResponseSchema.parse((await api.get('/v1/companies?q=reliance&limit=2')).json());
    const second = CompaniesResponseSchema.parse((await api.get('/v1/companies?q=reliance&limit=2&offset=2')).json());
    expect(first.meta.total).toBeGreaterThan(2);
    expect(first.data).toHaveLength(2);
    expect(second.data[0]?.id).not.toBe(first.data[0]?.id);
    const past = CompaniesResponseSchema.parse((await api.get('/v1/companies?q=reliance&offset=1000')).json());
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(first.meta.total);
    // LIKE wildcards in the text match themselves.
    expect(CompaniesResponseSchema.parse((await api.get('/v1/companies?q=%25')).json()).meta.total).toBe(0);
  });

  it('GET /v1/companies shows each identifier the company has had, with its days and sources, and its dated listing status', async () => {
    const body = CompaniesResponseSchema.parse((await api.get('/v1/companies?q=HDFC%20Bank%20Limited')).json());
    expect(body.data).toHaveLength(1);
    const [hdfc] = body.data;
    expect(hdfc).toMatchObject({ nse_symbol: 'HDFCBANK', bse_code: '500180', isin: 'INE040A01034' });
    const isins = hdfc?.identifiers.filter((i) => i.scheme === 'isin').map((i) => [i.value, i.current, i.first_seen]);
    // The 2024 lists date INE040A01034, BSE's 2015 list INE040A01026 (before the 2019 split);
    // NSE's results listing links the first ISIN, INE040A01018, without dating it.
    expect(isins).toEqual([
      ['INE040A01034', true, '2024-03-08'],
      ['INE040A01026', false, '2015-07-13'],
      ['INE040A01018', false, null],
    ]);
    expect(hdfc?.identifiers.find((i) => i.scheme === 'bse')).toMatchObject({
      value: '500180',
      linked_by: 'isin',
      sources: expect.arrayContaining([expect.objectContaining({ kind: 'bse-list', file: 'Equity.csv' })]),
    });
    expect(hdfc?.listings).toEqual(
      expect.arrayContaining([expect.objectContaining({ exchange: 'NSE', status: 'listed', valid_from: '1995-11-08' })]),
    );
  });

  it('GET /v1/companies?as_of gives the listing status of that day: the 2015 universe holds scrips BSE delisted since', async () => {
    const then = CompaniesResponseSchema.parse((await api.get('/v1/companies?listing_status=delisted&as_of=2016-01-01&limit=500')).json());
    expect(then.meta.as_of).toBe('2016-01-01T00:00:00Z');
    expect(then.meta.total).toBeGreaterThan(0);
    expect(then.data.every((c) => c.listing_status === 'delisted')).toBe(true);
    // Before any list showed them, their status is not known.
    const before = CompaniesResponseSchema.parse((await api.get('/v1/companies?listing_status=unknown&as_of=2000-01-01&limit=1')).json());
    expect(before.meta.total).toBeGreaterThan(0);
  });

  it("resolves the sample companies' BSE codes, and links the sample's BSE corporate actions to companies", async () => {
    for (const [code, symbol] of [
      ['500410', 'ACC'],
      ['500180', 'HDFCBANK'],
      ['500325', 'RELIANCE'],
      ['532540', 'TCS'],
      ['500209', 'INFY'],
      ['500034', 'BAJFINANCE'],
    ]) {
      const response = await api.get(`/v1/financials?ticker=BSE:${code}&limit=1`);
      expect(response.statusCode, code).toBe(200);
      expect(response.json<{ meta: { company: { nse_symbol: string } } }>().meta.company.nse_symbol).toBe(symbol);
    }
    const linked: Array<string | null> = [];
    for (let offset = 0; ; offset += 200) {
      const page = (await api.get(`/v1/corporate-actions?limit=200&offset=${offset}`)).json<{
        data: Array<{ company_id: string | null; company: { bse_code: string } }>;
      }>();
      linked.push(...page.data.map((a) => a.company_id));
      if (page.data.length < 200) break;
    }
    // 472 BSE stock splits of 2009-2015; the one left is scrip 590115, an ETF: no company.
    expect(linked).toHaveLength(472);
    expect(linked.filter((id) => id === null)).toHaveLength(1);
    const splits = (await api.get('/v1/corporate-actions?ticker=HDFCBANK&type=stock_split')).json<{ data: Array<{ ex_date: string }> }>();
    expect(splits.data.map((a) => a.ex_date)).toEqual(['2011-07-14']);
  });

  it('GET /v1/companies takes limit 1..500 and offset >= 0, and q up to 200 characters', async () => {
    expect((await api.get('/v1/companies?limit=1')).statusCode).toBe(200);
    expect((await api.get('/v1/companies?limit=500')).statusCode).toBe(200);
    expect((await api.get(`/v1/companies?q=${'x'.repeat(200)}`)).statusCode).toBe(200);
    const beyond = await api.get(
      `/v1/companies?limit=501&offset=-1&q=${'x'.repeat(201)}&sector=${'s'.repeat(101)}&listing_status=${'l'.repeat(31)}`,
    );
    expect(errorKeys(beyond)).toEqual([
      'query.limit:less_than_equal',
      'query.listing_status:string_too_long',
      'query.offset:greater_than_equal',
      'query.q:string_too_long',
      'query.sector:string_too_long',
    ]);
    expect((await api.get('/v1/companies?limit=0')).json()).toEqual({
      detail: [
        {
          type: 'greater_than_equal',
          loc: ['query', 'limit'],
          msg: 'Input should be greater than or equal to 1',
          input: '0',
          ctx: { ge: 1 },
        },
      ],
    });
  });

  it('GET /v1/instruments filters by company reference, exchange and ticker', async () => {
    const byCompany = InstrumentsResponseSchema.parse((await api.get('/v1/instruments?company=NSE:RELIANCE')).json());
    // NSE's master and BSE's 2024 list (its 2015 list is trimmed to other scrips).
    expect(byCompany.data).toEqual([
      expect.objectContaining({ exchange: 'BSE', ticker: '500325', isin: 'INE002A01018', face_value: '10', status: 'listed' }),
      expect.objectContaining({
        exchange: 'NSE',
        ticker: 'RELIANCE',
        isin: 'INE002A01018',
        series: 'EQ',
        face_value: '10',
        listing_date: '1995-11-29',
      }),
    ]);
    const byIsin = InstrumentsResponseSchema.parse((await api.get('/v1/instruments?isin=INE002A01018&exchange=nse')).json());
    expect(byIsin.data.map((i) => i.ticker)).toEqual(['RELIANCE']);
    expect((await api.get('/v1/instruments?company=NOSUCHCO')).statusCode).toBe(404);
    const bounds = await api.get(
      `/v1/instruments?ticker=${'T'.repeat(65)}&exchange=NSEBSEXYZ&segment=${'s'.repeat(17)}&type=${'t'.repeat(17)}&isin=${'I'.repeat(13)}&limit=501`,
    );
    expect(errorKeys(bounds)).toEqual([
      'query.exchange:string_too_long',
      'query.isin:string_too_long',
      'query.limit:less_than_equal',
      'query.segment:string_too_long',
      'query.ticker:string_too_long',
      'query.type:string_too_long',
    ]);
    expect((await api.get(`/v1/instruments?ticker=${'T'.repeat(64)}&limit=500`)).statusCode).toBe(200);
  });

  it('GET /v1/filings lists a company’s filings newest first, by type, fiscal year and dissemination window', async () => {
    const body = FilingsResponseSchema.parse(
      (await api.get('/v1/filings?ticker=ACC&type=financial_results&fiscal_year=2025&limit=200')).json(),
    );
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((f) => f.document_type === 'financial_results' && f.fiscal_year === 2025)).toBe(true);
    const knownAt = body.data.map((f) => f.known_at);
    expect(knownAt).toEqual([...knownAt].sort().reverse());
    expect(body.data[0]).toMatchObject({
      known_at: '2025-01-31T13:15:56.000Z',
      source_url: 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_118350_1367750_31012025064516.xml',
    });
    const window = FilingsResponseSchema.parse((await api.get('/v1/filings?ticker=ACC&start=2025-01-28&end=2025-01-29')).json());
    expect(window.data.map((f) => f.known_at).sort()).toEqual(['2025-01-28T06:19:51.000Z', '2025-01-28T06:20:59.000Z']);
    expect(window.meta.total).toBe(2);
    expect((await api.get('/v1/filings?limit=200&offset=0')).statusCode).toBe(200);
    const bounds = await api.get('/v1/filings?limit=201&fiscal_year=1899&offset=-1&start=soon');
    expect(errorKeys(bounds)).toEqual([
      'query.fiscal_year:greater_than_equal',
      'query.limit:less_than_equal',
      'query.offset:greater_than_equal',
      'query.start:datetime_from_date_parsing',
    ]);
    expect(validationErrors(await api.get('/v1/filings?fiscal_year=2201'))[0]).toMatchObject({
      type: 'less_than_equal',
      ctx: { le: 2200 },
    });
    expect((await api.get('/v1/filings?ticker=NOSUCHCO')).statusCode).toBe(404);
  });

  it('answers an unknown path with 404 and a detail', async () => {
    const response = await api.get('/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found' });
  });
});
