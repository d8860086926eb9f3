import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { FinancialsResponseSchema } from '../../schemas/api/financials.ts';
import { FinancialMetricsResponseSchema } from '../../schemas/api/metrics.ts';
import { errorKeys, givenApi, validationErrors } from '../support/api-harness.ts';
import { givenMetadata } from '../support/builders.ts';
import { describeEachDatabase } from '../support/databases.ts';

// ACC's Q3 FY25 consolidated results were filed on 28 Jan 2025 and revised on 31 Jan 2025
// (sample-data/results/xbrl/acc); revenue from operations 5,207.29 crore, then 5,927.38 crore.
const ORIGINAL_KNOWN_AT = '2025-01-28T06:20:59.000Z';
const REVISION_KNOWN_AT = '2025-01-31T13:15:56.000Z';
const Q3_FY25_REVENUE = '/v1/financials?ticker=ACC&concept=Revenue&period=quarterly&basis=consolidated&limit=1';

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
      as_of: null,
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
    const instantBeforeRevision = FinancialsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE}&as_of=2025-01-31T13:15:55.999Z`)).json());
    expect(instantBeforeRevision.data[0]?.value).toBe('52072900000');
    const atRevision = FinancialsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE}&as_of=2025-01-31T18:45:56%2B05:30`)).json());
    expect(atRevision.data[0]?.value).toBe('59273800000');
    const beforeAnyFiling = FinancialsResponseSchema.parse((await api.get(`${Q3_FY25_REVENUE}&as_of=2025-01-01`)).json());
    expect(beforeAnyFiling.data[0]?.period.end).toBe('2024-09-30');
  });

  it('takes limit 1..2000 and answers bad parameters with 422s worded as FastAPI does', async () => {
    expect(FinancialsResponseSchema.parse((await api.get('/v1/financials?ticker=ACC&limit=1')).json()).data).toHaveLength(1);
    expect((await api.get('/v1/financials?ticker=ACC&limit=2000')).statusCode).toBe(200);
    const response = await api.get(`/v1/financials?ticker=${'A'.repeat(201)}&limit=2001&period=weekly&basis=both&as_of=someday&concept=Revenue,Sales`);
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
    expect((await api.get('/v1/financials')).json()).toEqual({ detail: [{ type: 'missing', loc: ['query', 'ticker'], msg: 'Field required', input: null }] });
    expect(validationErrors(await api.get('/v1/financials?ticker='))[0]).toMatchObject({ type: 'string_too_short', ctx: { min_length: 1 } });
    expect(validationErrors(await api.get('/v1/financials?ticker=ACC&concept=ebitda'))[0]?.msg).toMatch(/financial-metrics/);
  });

  it('GET /v1/financial-metrics derives ratios with their inputs and provenance', async () => {
    const response = await api.get('/v1/financial-metrics?ticker=INFY&period=annual&basis=consolidated');
    expect(response.statusCode).toBe(200);
    const body = FinancialMetricsResponseSchema.parse(response.json());
    const fy24 = (metric: string) => body.data.find((m) => m.metric === metric && m.period.fiscal_year === 2024);
    // INFY FY24 consolidated, from its XBRL: PAT 26,233 cr over equity 88,461 cr and assets 137,814 cr.
    expect(fy24('return_on_equity')).toMatchObject({ value: '0.296718', unit: 'ratio', reason: null, period: { type: 'annual', end: '2024-03-31' } });
    expect(fy24('return_on_assets')?.value).toBe('0.190460');
    expect(fy24('return_on_equity')?.inputs.map((input) => input.concept).sort()).toEqual(['ProfitAfterTax', 'TotalEquity']);
    expect(fy24('return_on_equity')?.inputs.every((input) => input.source_url?.startsWith('https://nsearchives.nseindia.com/'))).toBe(true);
    // The sample has no year-earlier filing: growth is null with its reason, never 0.
    expect(fy24('Revenue_growth')).toMatchObject({ value: null, reason: { code: 'no_prior_period' } });
    expect(body.meta).toMatchObject({ ticker: 'INFY', period: 'annual', basis: 'consolidated', as_of: null, count: body.data.length, formulas: 'docs/metrics.md' });
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
    // Unknown query parameters are ignored, as FastAPI does, so `limit` changes nothing.
    expect((await api.get('/v1/financial-metrics?ticker=ACC&limit=0')).statusCode).toBe(200);
  });
});
