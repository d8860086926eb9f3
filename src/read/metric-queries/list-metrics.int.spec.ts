import { expect, it } from 'vitest';
import { MetricSchema, type Metric } from '#schemas/read-models/metric';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import { ingestSampleResults } from '../../../test/support/sample-results.ts';
import { listMetrics } from './list-metrics.ts';

const ACC = companyIdFromIsin('INE012A01025');
const INFY = companyIdFromIsin('INE009A01021');
// Dissemination times of ACC's Q3 FY25 consolidated results and of their revision (the NSE listing).
const ORIGINAL_KNOWN_AT = '2025-01-28T06:20:59.000Z';
const REVISED_KNOWN_AT = '2025-01-31T13:15:56.000Z';
const XBRL = 'https://nsearchives.nseindia.com/corporate/xbrl';

const find = (metrics: readonly Metric[], metric: string, end: string, type: 'quarterly' | 'annual') =>
  metrics.find((m) => m.metric === metric && m.period.end === end && m.period.type === type);

describeEachDatabase('derived metrics of the sample results', (database) => {
  const service = givenIngestion(database);
  const db = () => service.harness.db;

  it('ingests the sample results and the equity master', async () => {
    await ingestSampleResults(service);
  });

  it('ACC Q3 FY25 consolidated net margin: profit 1,091.79 crore over the revised revenue of 5,927.38 crore', async () => {
    const metrics = await listMetrics(db(), { companyId: ACC, period: 'quarterly', basis: 'consolidated' });
    const margin = find(metrics, 'net_margin', '2024-12-31', 'quarterly');
    // ProfitLossForPeriod 10917900000.00 / RevenueFromOperations 59273800000.00 (OneD) = 0.1841943658…
    expect(margin).toMatchObject({
      company: { id: ACC, nse_symbol: 'ACC' },
      basis: 'consolidated',
      period: { type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscal_year: 2025, fiscal_quarter: 3 },
      value: '0.184194',
      unit: 'ratio',
      reason: null,
      known_at: REVISED_KNOWN_AT,
    });
    expect(margin?.inputs.find((i) => i.concept === 'Revenue')).toMatchObject({
      value: '59273800000',
      source_url: `${XBRL}/INDAS_118350_1367750_31012025064516.xml`,
      known_at: REVISED_KNOWN_AT,
    });
    for (const metric of metrics) MetricSchema.parse(metric);
  });

  it('as of a time between the original and the revision, the margin is over the original revenue', async () => {
    const between = await listMetrics(db(), {
      companyId: ACC,
      period: 'quarterly',
      basis: 'consolidated',
      asOf: '2025-01-30T00:00:00.000Z',
    });
    // 10917900000 / 52072900000 = 0.2096656802…; EBIT (14761800000 + 281900000) / 52072900000 = 0.2888969118…
    expect(find(between, 'net_margin', '2024-12-31', 'quarterly')).toMatchObject({ value: '0.209666', known_at: ORIGINAL_KNOWN_AT });
    expect(find(between, 'ebit_margin', '2024-12-31', 'quarterly')?.value).toBe('0.288897');
    expect(find(between, 'ebit', '2024-12-31', 'quarterly')?.value).toBe('15043700000');
    const before = await listMetrics(db(), {
      companyId: ACC,
      period: 'quarterly',
      basis: 'consolidated',
      asOf: '2025-01-28T06:20:58.000Z',
    });
    expect(find(before, 'net_margin', '2024-12-31', 'quarterly')).toBeUndefined();
    expect(find(before, 'net_margin', '2024-09-30', 'quarterly')?.value).toMatch(/^\d\.\d{6}$/);
  });

  it('INFY FY24 consolidated: ROE, ROA, cash conversion and tax rate over the annual filing, closing balances', async () => {
    const metrics = await listMetrics(db(), { companyId: INFY, period: 'annual', basis: 'consolidated' });
    const value = (id: string) => find(metrics, id, '2024-03-31', 'annual')?.value;
    // FourD ProfitLossForPeriod 262480000000.00; OneI Equity 884610000000.00, Assets 1378140000000.00;
    // FourD CashFlowsFromUsedInOperatingActivities 252100000000.00; TaxExpense 97400000000.00; ProfitBeforeTax 359880000000.00.
    expect(value('return_on_equity')).toBe('0.296718');
    expect(value('return_on_assets')).toBe('0.190460');
    expect(value('cash_conversion')).toBe('0.960454');
    expect(value('effective_tax_rate')).toBe('0.270646');
    // BorrowingsCurrent and BorrowingsNoncurrent are filed as 0.00: a reported zero, not a missing input.
    expect(value('debt_to_equity')).toBe('0.000000');
    const roe = find(metrics, 'return_on_equity', '2024-03-31', 'annual');
    expect(roe?.inputs.map((i) => [i.concept, i.period.type, i.period.end, i.source_url])).toEqual([
      ['ProfitAfterTax', 'annual', '2024-03-31', `${XBRL}/INDAS_104589_1099938_19042024112830.xml`],
      ['TotalEquity', 'instant', '2024-03-31', `${XBRL}/INDAS_104589_1099938_19042024112830.xml`],
    ]);
    expect(new Set(metrics.map((m) => m.basis))).toEqual(new Set(['consolidated']));
  });

  it('has no year-earlier period in the sample: growth is null with no_prior_period, never 0', async () => {
    const metrics = await listMetrics(db(), { companyId: INFY });
    const growth = metrics.filter((m) => m.metric.endsWith('_growth'));
    expect(growth.length).toBeGreaterThan(0);
    expect(new Set(growth.map((m) => m.reason?.code))).toEqual(new Set(['no_prior_period']));
  });

  it('is empty for a company without facts', async () => {
    expect(await listMetrics(db(), { companyId: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });
});
