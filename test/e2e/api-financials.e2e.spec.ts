import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { FactVersionsResponseSchema } from '#schemas/api/fact-versions';
import { FinancialsResponseSchema } from '#schemas/api/financials';
import { ApiIndexResponseSchema } from '#schemas/api/api-index';
import { FinancialMetricsResponseSchema } from '#schemas/api/metrics';
import { errorKeys, givenApi, validationErrors } from '../support/api-harness.ts';
import { givenMetadata } from '../support/builders.ts';
import { describeEachDatabase } from '../support/databases.ts';

// ACC's Q3 FY25 consolidated results were filed on 28 Jan 2025 and revised on 31 Jan 2025
// (sample-data/results/xbrl/acc); revenue from operations 5,207.29 crore, then 5,927.38 crore.
const ORIGINAL_KNOWN_AT = '2025-01-28T06:20:59.000Z';
const REVISION_KNOWN_AT = '2025-01-31T13:15:56.000Z';
const Q3_FY25_REVENUE = '/v1/financials?ticker=ACC&concept=Revenue&period=quarterly&basis=consolidated&limit=1';
const ORIGINAL_URL = 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_117817_1362652_28012025115046.xml';
const REVISION_URL = 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_118350_1367750_31012025064516.xml';
const Q3_FY25_REVENUE_VERSIONS = '/v1/financials/versions?ticker=ACC&concept=Revenue&period_end=2024-12-31';

describeEachDatabase('GET /v1/financials and /v1/financial-metrics on the sample', (database) => {
  const api = givenApi(database);

  it('returns facts with identity, period, basis, unit, scale, source and known_at in the envelope', async () => {
    const response = await api.get('/v1/financials?ticker=TCS&concept=Revenue,ProfitAfterTax&period=annual&basis=consolidated');
    expect(response.statusCode).toBe(200);
    const body = FinancialsResponseSchema.parse(response.json());
    const revenue = body.data.find((f) => f.concept === 'Revenue' && f.period.fiscal_year === 2024);
    expect(revenue).toMatchObject({
      company: { nse_symbol: 'TCS', isin: 'INE467B01029' },
      basis: 'consolidated',
      period: { type: 'annual', start: '2023-04-01', end: '2024-03-31', fiscal_year: 2024, fiscal_quarter: null },
      value: '2408930000000',
      unit: 'INR',
      scale: 'crore',
      document_type: 'financial_results',
    });
    expect(revenue?.source_url).toMatch(/^https:\/\/nsearchives\.nseindia\.com\/corporate\/xbrl\//);
    expect(body.data.every((f) => ['Revenue', 'ProfitAfterTax'].includes(f.concept) && f.basis === 'consolidated')).toBe(true);
    expect(body.meta).toMatchObject({
      ticker: 'TCS',
      company: { nse_symbol: 'TCS' },
      period: 'annual',
      basis: 'consolidated',
      view: 'as_of',
      concepts: ['Revenue', 'ProfitAfterTax'],
      count: body.data.length,
      dataset: 'financials',
    });
  });

  it('resolves every identifier form of a company (ticker, NSE:, BSE:, ISIN, CIN, UUID) to the same facts, and never a name', async () => {
    const expected = FinancialsResponseSchema.parse((await api.get('/v1/financials?ticker=ACC&limit=5')).json()).data;
    const companyId = expected[0]?.company.id;
    for (const reference of ['NSE:ACC', 'nse:acc', ' ACC ', 'INE012A01025', 'ine012a01025', companyId]) {
      const response = await api.get(`/v1/financials?ticker=${reference}&limit=5`);
      expect(response.statusCode, `${reference}: ${response.body}`).toBe(200);
      const body = FinancialsResponseSchema.parse(response.json());
      expect(body.data, reference).toEqual(expected.map((fact) => ({ ...fact })));
    }
    // The sample states no CIN and no BSE code for ACC's company; an update adds both.
    await api.service.harness.append({
      id: randomUUID(),
      type: 'CompanyUpdated',
      data: { companyId: companyId ?? '', changes: { bseCode: '500410' as never, cin: 'L26940MH1936PLC002515' as never } },
      metadata: givenMetadata({ knownAt: '2025-02-01T00:00:00.000Z' }),
    });
    await api.service.harness.project();
    const updated = FinancialsResponseSchema.parse((await api.get('/v1/financials?ticker=ACC&limit=5')).json()).data;
    expect(updated[0]?.company).toMatchObject({ bse_code: '500410', cin: 'L26940MH1936PLC002515' });
    for (const reference of ['BSE:500410', '500410', 'L26940MH1936PLC002515']) {
      const response = await api.get(`/v1/financials?ticker=${reference}&limit=5`);
      expect(FinancialsResponseSchema.parse(response.json()).data, reference).toEqual(updated);
    }
    const byName = await api.get('/v1/financials?ticker=ACC%20Limited');
    expect(byName.statusCode).toBe(404);
    expect(byName.body).toMatch(/search/);
  });

  it('as_of shows what was knowable then, across the ACC restatement', async () => {
    const before = FinancialsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE}&as_of=2025-01-29T00:00:00Z`)).json());
    expect(before.data[0]).toMatchObject({ value: '52072900000', known_at: ORIGINAL_KNOWN_AT, period: { end: '2024-12-31' } });
    expect(before.meta.as_of).toBe('2025-01-29T00:00:00Z');
    const now = FinancialsResponseSchema.parse((await api.get(Q3_FY25_REVENUE)).json());
    expect(now.data[0]).toMatchObject({ value: '59273800000', known_at: REVISION_KNOWN_AT });
    const instantBeforeRevision = FinancialsResponseSchema.parse(
      (await api.get(`${Q3_FY25_REVENUE}&as_of=2025-01-31T13:15:55.999Z`)).json(),
    );
    expect(instantBeforeRevision.data[0]?.value).toBe('52072900000');
    const atRevision = FinancialsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE}&as_of=2025-01-31T18:45:56%2B05:30`)).json());
    expect(atRevision.data[0]?.value).toBe('59273800000');
    const beforeAnyFiling = FinancialsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE}&as_of=2025-01-01`)).json());
    expect(beforeAnyFiling.data[0]?.period.end).toBe('2024-09-30');
  });

  it('view=as_first_reported gives each fact as first released whatever came after, latest the restated value; every version has its revision_number', async () => {
    const read = async (query: string) => FinancialsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE}${query}`)).json());
    // The first release, known since 28 January, whatever as_of after it and with none.
    for (const asOf of ['&as_of=2025-01-29', '&as_of=2025-02-01', '&as_of=2030-01-01', '']) {
      const first = await read(`&view=as_first_reported${asOf}`);
      expect(
        first.data.map((f) => [f.value, f.known_at, f.revision_number]),
        asOf,
      ).toEqual([['52072900000', ORIGINAL_KNOWN_AT, 0]]);
      expect(first.meta.view).toBe('as_first_reported');
    }
    // Before it was released there is nothing of that period: the newest period then is Q2.
    expect((await read('&view=as_first_reported&as_of=2025-01-28T06:20:58Z')).data[0]?.period.end).toBe('2024-09-30');
    const latest = await read('&view=latest');
    expect(latest.data.map((f) => [f.value, f.known_at, f.revision_number, f.source_url])).toEqual([
      ['59273800000', REVISION_KNOWN_AT, 1, REVISION_URL],
    ]);
    expect(latest.meta).toMatchObject({ view: 'latest' });
    // As of a time, each version carries its own revision number.
    expect((await read('&as_of=2025-01-29')).data[0]).toMatchObject({ value: '52072900000', revision_number: 0 });
    expect((await read('&as_of=2025-02-01')).data[0]).toMatchObject({ value: '59273800000', revision_number: 1 });
    // latest is the value known now: an as_of beside it is refused, not ignored.
    const both = await api.get(`${Q3_FY25_REVENUE}&view=latest&as_of=2025-01-29`);
    expect(both.statusCode).toBe(422);
    expect(both.json()).toMatchObject({ detail: [{ type: 'value_error', loc: ['query', 'as_of'] }] });
    expect((await api.get(`${Q3_FY25_REVENUE}&view=first`)).statusCode).toBe(422);
    // Metrics follow the view of the facts they are computed from.
    const margins = async (view: string) => {
      const body = FinancialMetricsResponseSchema.parse(
        (await api.get(`/v1/financial-metrics?ticker=ACC&period=quarterly&basis=consolidated&view=${view}`)).json(),
      );
      expect(body.meta.view).toBe(view);
      const margin = body.data.find((m) => m.metric === 'net_margin' && m.period.end === '2024-12-31');
      return margin?.inputs.find((input) => input.concept === 'Revenue');
    };
    expect(await margins('as_first_reported')).toMatchObject({ value: '52072900000', known_at: ORIGINAL_KNOWN_AT });
    expect(await margins('latest')).toMatchObject({ value: '59273800000', known_at: REVISION_KNOWN_AT });
  });

  it('GET /v1/financials/versions gives the version chain of ACC Q3 FY25 revenue: values, filings, sources, both clocks, what changed', async () => {
    const response = await api.get(`${Q3_FY25_REVENUE_VERSIONS}&period_type=quarterly`);
    expect(response.statusCode).toBe(200);
    const body = FactVersionsResponseSchema.parse(response.json());
    expect(body.meta).toMatchObject({
      ticker: 'ACC',
      company: { nse_symbol: 'ACC', isin: 'INE012A01025' },
      concept: 'Revenue',
      basis: 'consolidated',
      period_end: '2024-12-31',
      period_type: 'quarterly',
      as_of: null,
      recorded_as_of: null,
      count: 1,
      dataset: 'financials',
    });
    const [chain] = body.data;
    expect(chain?.period).toEqual({ type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscal_year: 2025, fiscal_quarter: 3 });
    expect(
      chain?.versions.map((v) => [v.value, v.known_at, v.superseded_at, v.source_url, v.is_revision, v.previous_value, v.change]),
    ).toEqual([
      ['52072900000', ORIGINAL_KNOWN_AT, REVISION_KNOWN_AT, ORIGINAL_URL, false, null, 'initial'],
      ['59273800000', REVISION_KNOWN_AT, null, REVISION_URL, true, '52072900000', 'restated'],
    ]);
    expect(chain?.versions[1]?.changes).toEqual([
      { field: 'value', from: '52072900000', to: '59273800000', difference: '7200900000' },
      { field: 'source_url', from: ORIGINAL_URL, to: REVISION_URL, difference: null },
    ]);
    expect(
      chain?.versions.every((v) => v.unit === 'INR' && v.scale === 'crore' && v.decimals === -7 && v.document_type === 'financial_results'),
    ).toBe(true);
    expect(chain?.versions.every((v) => Date.parse(v.recorded_at) > Date.parse(v.known_at) && v.parser_version >= 1)).toBe(true);
    expect(chain?.current).toEqual(chain?.versions[1]);
    expect(chain?.versions[0]).not.toHaveProperty('company');
  });

  it('GET /v1/financials/versions: every period type ending then without period_type, as_of hides later knowledge, recorded_as_of the later record', async () => {
    const all = FactVersionsResponseSchema.parse((await api.get(Q3_FY25_REVENUE_VERSIONS)).json());
    expect(all.data.map((c) => c.period.type).sort()).toEqual(['nine_months', 'quarterly']);
    expect(all.meta).toMatchObject({ period_type: null, count: 2 });

    const before = FactVersionsResponseSchema.parse(
      (await api.get(`${Q3_FY25_REVENUE_VERSIONS}&period_type=quarterly&as_of=2025-01-29`)).json(),
    );
    expect(before.meta.as_of).toBe('2025-01-29T00:00:00Z');
    expect(before.data[0]?.versions.map((v) => [v.value, v.superseded_at])).toEqual([['52072900000', null]]);
    const tooEarly = FactVersionsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE_VERSIONS}&as_of=2025-01-01`)).json());
    expect(tooEarly).toMatchObject({ data: [], meta: { count: 0 } });

    // Nothing was recorded before this service existed; now, its record is the current one.
    const unrecorded = FactVersionsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE_VERSIONS}&recorded_as_of=2000-01-01`)).json());
    expect(unrecorded).toMatchObject({ data: [], meta: { recorded_as_of: '2000-01-01T00:00:00Z', count: 0 } });
    const recordedNow = FactVersionsResponseSchema.parse(
      (await api.get(`${Q3_FY25_REVENUE_VERSIONS}&recorded_as_of=2999-01-01T00:00:00Z`)).json(),
    );
    expect(recordedNow.data).toEqual(all.data);
  });

  it('GET /v1/financials honours recorded_as_of beside as_of', async () => {
    const unrecorded = FinancialsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE}&recorded_as_of=2000-01-01`)).json());
    expect(unrecorded.data).toEqual([]);
    expect(unrecorded.meta.recorded_as_of).toBe('2000-01-01T00:00:00Z');
    const now = FinancialsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE}&recorded_as_of=2999-01-01T00:00:00Z`)).json());
    expect(now.data).toEqual(FinancialsResponseSchema.parse((await api.get(Q3_FY25_REVENUE)).json()).data);
    const both = FinancialsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE}&as_of=2025-01-29&recorded_as_of=2999-01-01`)).json());
    expect(both.data[0]?.value).toBe('52072900000');
    expect(both.meta).toMatchObject({ as_of: '2025-01-29T00:00:00Z', recorded_as_of: '2999-01-01T00:00:00Z' });
    // Not asked, the instants are those the answer was read at: asking again with them gives the same answer.
    const asked = Date.now();
    const unasked = FinancialsResponseSchema.parse((await api.get(Q3_FY25_REVENUE)).json());
    expect(Date.parse(unasked.meta.recorded_as_of)).toBeGreaterThanOrEqual(asked - 1000);
    expect(unasked.meta.as_of).toBe(unasked.meta.recorded_as_of);
    const replayed = await api.get(`${Q3_FY25_REVENUE}&as_of=${unasked.meta.as_of}&recorded_as_of=${unasked.meta.recorded_as_of}`);
    expect(FinancialsResponseSchema.parse(replayed.json()).data).toEqual(unasked.data);
    expect(errorKeys(await api.get(`${Q3_FY25_REVENUE}&recorded_as_of=yesterday`))).toEqual([
      'query.recorded_as_of:datetime_from_date_parsing',
    ]);
  });

  it('GET /v1/financials/versions answers bad input with 422s and an unknown company with 404; it is in the index', async () => {
    expect(errorKeys(await api.get('/v1/financials/versions'))).toEqual([
      'query.concept:missing',
      'query.period_end:missing',
      'query.ticker:missing',
    ]);
    const response = await api.get(
      '/v1/financials/versions?ticker=ACC&concept=Sales&period_end=31-12-2024&basis=both&period_type=monthly&as_of=soon&recorded_as_of=later',
    );
    expect(errorKeys(response)).toEqual([
      'query.as_of:datetime_from_date_parsing',
      'query.basis:literal_error',
      'query.concept:value_error',
      'query.period_end:date_from_datetime_parsing',
      'query.period_type:literal_error',
      'query.recorded_as_of:datetime_from_date_parsing',
    ]);
    expect(validationErrors(await api.get('/v1/financials/versions?ticker=ACC&concept=ebitda&period_end=2024-12-31'))[0]?.msg).toMatch(
      /financial-metrics/,
    );
    const unknown = await api.get('/v1/financials/versions?ticker=ACC%20Limited&concept=Revenue&period_end=2024-12-31');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toMatch(/search/);
    expect((await api.get(Q3_FY25_REVENUE_VERSIONS, { 'x-api-key': 'imd_wrong' })).statusCode).toBe(401);

    const index = ApiIndexResponseSchema.parse((await api.get('/v1/')).json());
    expect(index.data.endpoints).toContainEqual({
      method: 'GET',
      path: '/v1/financials/versions',
      summary: expect.stringMatching(/version chain/i),
    });
  });

  it('takes limit 1..2000 and answers bad parameters with 422s worded as FastAPI does', async () => {
    expect(FinancialsResponseSchema.parse((await api.get('/v1/financials?ticker=ACC&limit=1')).json()).data).toHaveLength(1);
    expect((await api.get('/v1/financials?ticker=ACC&limit=2000')).statusCode).toBe(200);
    const response = await api.get(
      `/v1/financials?ticker=${'A'.repeat(201)}&limit=2001&period=weekly&basis=both&as_of=someday&concept=Revenue,Sales`,
    );
    const detail = validationErrors(response);
    expect(errorKeys(response)).toEqual([
      'query.as_of:datetime_from_date_parsing',
      'query.basis:literal_error',
      'query.concept:value_error',
      'query.limit:less_than_equal',
      'query.period:literal_error',
      'query.ticker:string_too_long',
    ]);
    expect(detail.find((d) => d.loc[1] === 'basis')).toMatchObject({ ctx: { expected: "'consolidated' or 'standalone'" }, input: 'both' });
    expect(detail.find((d) => d.loc[1] === 'concept')).toMatchObject({ input: 'Revenue,Sales', ctx: { error: "unknown concept 'Sales'" } });
    expect((await api.get('/v1/financials')).json()).toEqual({
      detail: [{ type: 'missing', loc: ['query', 'ticker'], msg: 'Field required', input: null }],
    });
    expect(validationErrors(await api.get('/v1/financials?ticker='))[0]).toMatchObject({
      type: 'string_too_short',
      ctx: { min_length: 1 },
    });
    expect(validationErrors(await api.get('/v1/financials?ticker=ACC&concept=ebitda'))[0]?.msg).toMatch(/financial-metrics/);
  });

  it('GET /v1/financial-metrics derives ratios with their inputs and provenance', async () => {
    const response = await api.get('/v1/financial-metrics?ticker=INFY&period=annual&basis=consolidated');
    expect(response.statusCode).toBe(200);
    const body = FinancialMetricsResponseSchema.parse(response.json());
    const fy24 = (metric: string) => body.data.find((m) => m.metric === metric && m.period.fiscal_year === 2024);
    // INFY FY24 consolidated, from its XBRL: PAT 26,233 cr over equity 88,461 cr and assets 137,814 cr.
    expect(fy24('return_on_equity')).toMatchObject({
      value: '0.296718',
      unit: 'ratio',
      reason: null,
      period: { type: 'annual', end: '2024-03-31' },
    });
    expect(fy24('return_on_assets')?.value).toBe('0.190460');
    expect(
      fy24('return_on_equity')
        ?.inputs.map((input) => input.concept)
        .sort(),
    ).toEqual(['ProfitAfterTax', 'TotalEquity']);
    expect(fy24('return_on_equity')?.inputs.every((input) => input.source_url?.startsWith('https://nsearchives.nseindia.com/'))).toBe(true);
    // The sample has no year-earlier filing: growth is null with its reason, never 0.
    expect(fy24('Revenue_growth')).toMatchObject({ value: null, reason: { code: 'no_prior_period' } });
    expect(body.meta).toMatchObject({
      ticker: 'INFY',
      period: 'annual',
      basis: 'consolidated',
      view: 'as_of',
      count: body.data.length,
      formulas: 'docs/metrics.md',
    });
  });

  it('GET /v1/financial-metrics honours as_of across the ACC restatement', async () => {
    const url = '/v1/financial-metrics?ticker=ACC&period=quarterly&basis=consolidated';
    const margin = (body: { data: Array<{ metric: string; period: { end: string }; value: string | null }> }) =>
      body.data.find((m) => m.metric === 'net_margin' && m.period.end === '2024-12-31')?.value;
    const now = FinancialMetricsResponseSchema.parse((await api.get(url)).json());
    const before = FinancialMetricsResponseSchema.parse((await api.get(`${url}&as_of=2025-01-30T00:00:00Z`)).json());
    expect(margin(now)).toBe('0.184194');
    expect(margin(before)).toBe('0.209666');
    expect(before.meta.as_of).toBe('2025-01-30T00:00:00Z');
  });

  it('GET /v1/financial-metrics leaves out the metrics without a value on omit_null=true (extension), and lists them by default', async () => {
    const url = '/v1/financial-metrics?ticker=INFY&period=annual&basis=consolidated';
    const all = FinancialMetricsResponseSchema.parse((await api.get(url)).json());
    const nulls = all.data.filter((metric) => metric.value === null);
    // The sample has no year-earlier INFY filing, so its FY24 growth is null (no_prior_period).
    expect(nulls.length).toBeGreaterThan(0);
    expect(all.meta).toMatchObject({ omit_null: false, omitted: 0, count: all.data.length });
    for (const spelling of ['true', '1', 'yes']) {
      const kept = FinancialMetricsResponseSchema.parse((await api.get(`${url}&omit_null=${spelling}`)).json());
      expect(kept.data).toEqual(all.data.filter((metric) => metric.value !== null));
      expect(kept.meta).toMatchObject({ omit_null: true, omitted: nulls.length, count: all.data.length - nulls.length });
    }
    expect(FinancialMetricsResponseSchema.parse((await api.get(`${url}&omit_null=false`)).json()).data).toEqual(all.data);
    expect(errorKeys(await api.get(`${url}&omit_null=maybe`))).toEqual(['query.omit_null:bool_parsing']);
  });

  it('GET /v1/financial-metrics validates its parameters and has no limit', async () => {
    expect(errorKeys(await api.get('/v1/financial-metrics?ticker=&period=daily&basis=x&as_of=2025-02-30'))).toEqual([
      'query.as_of:datetime_from_date_parsing',
      'query.basis:literal_error',
      'query.period:literal_error',
      'query.ticker:string_too_short',
    ]);
    expect(errorKeys(await api.get('/v1/financial-metrics'))).toEqual(['query.ticker:missing']);
    expect((await api.get(`/v1/financial-metrics?ticker=${'A'.repeat(200)}`)).statusCode).toBe(404);
    expect(errorKeys(await api.get(`/v1/financial-metrics?ticker=${'A'.repeat(201)}`))).toEqual(['query.ticker:string_too_long']);
    // An unknown query parameter is a 422 naming it (docs/api.md, "Unknown parameters"): SPEC gives this route no limit.
    expect(errorKeys(await api.get('/v1/financial-metrics?ticker=ACC&limit=0'))).toEqual(['query.limit:extra_forbidden']);
  });
});
