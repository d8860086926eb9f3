import { beforeAll, describe, expect, it } from 'vitest';
import { annualPeriod, givenCompanyRegistered, givenFact, givenFinancialsReported, instantPeriod } from '../../../test/support/builders.ts';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import { ingestSampleResults } from '../../../test/support/sample-results.ts';
import type { SqlExecutor } from '#platform/db/db';
import { factsScreenSource } from './facts-source.ts';
import { countSourceCoverage, listScreenMetricCoverage, type ScreenSourceCoverage } from './screen-metric-coverage.ts';
import type { ScreenSource } from './screen-source.ts';
import { SCREEN_SOURCES } from './screen-sources.ts';

const coverage = (sources: readonly ScreenSourceCoverage[], id: string) =>
  sources.flatMap((s) => s.metrics).find((m) => m.id === id)?.companies_with_value;

/** A stand-in source whose CTE takes its values through `param`: a level for every company, a flag for one symbol. */
const boundSource: ScreenSource = {
  id: 'bound',
  metrics: [
    { id: 'level', label: 'Level', unit: 'ratio', description: 'A bound constant' },
    { id: 'only_acc', label: 'Only ACC', unit: 'ratio', description: 'Set for the symbol bound' },
  ],
  cte: (_ids, param) => `select c.company_id, null::text as basis, 'constant'::text as period_type, null::date as period_start,
      ${param('2025-01-31')}::date as period_end, null::int as fiscal_year, null::timestamptz as known_at, '[]'::jsonb as inputs, ${param('12.5')}::numeric as "level",
      case when c.nse_symbol = ${param('ACC')} then 1 end::numeric as "only_acc"
    from rm_companies_v4 c where c.nse_symbol in (${param('ACC')}, ${param('TCS')})`,
};

describeEachDatabase('screen metric coverage, counted live', (database) => {
  const service = givenIngestion(database);
  const db = () => service.harness.db;

  describe('on an empty store', () => {
    it('counts nothing where the dataset is unavailable, and says why', async () => {
      const sources = await listScreenMetricCoverage(db());
      expect(sources.map((s) => [s.id, s.dataset, s.available, s.companies])).toEqual([
        ['facts', 'financials', false, null],
        ['ownership', 'shareholding', false, null],
        ['market', 'prices', false, null],
      ]);
      expect(sources[0]?.reason).toMatch(/nothing has been ingested/);
      expect(coverage(sources, 'net_margin')).toBeNull();
      expect(sources.flatMap((s) => s.metrics)).toHaveLength(SCREEN_SOURCES.flatMap((s) => s.metrics).length);
    });
  });

  describe('as data arrives', () => {
    beforeAll(() => ingestSampleResults(service));

    it('counts the companies with a value per metric: six with annual results, no EBITDA for the bank, no growth without a prior year', async () => {
      const sources = await listScreenMetricCoverage(db());
      const facts = sources.find((s) => s.id === 'facts');
      expect(facts).toMatchObject({ available: true, reason: null, companies: 6 });
      expect(coverage(sources, 'net_margin')).toBe(6);
      expect(coverage(sources, 'return_on_equity')).toBe(6);
      expect(coverage(sources, 'ebitda')).toBe(5);
      expect(coverage(sources, 'Revenue_growth')).toBe(0);
      expect(sources.find((s) => s.id === 'ownership')).toMatchObject({ available: false, companies: null });
      expect(facts?.metrics.find((m) => m.id === 'net_margin')).toMatchObject({
        unit: 'ratio',
        source: 'facts',
        label: 'Net profit margin',
      });
    });

    it('follows new filings: a company with two years adds to the ratios and makes its growth countable', async () => {
      const company = givenCompanyRegistered({ name: 'Coverage Growth Ltd' });
      const companyId = company.data.companyId;
      const year = (fy: number, revenue: string, profit: string, equity: string) => [
        givenFact('Revenue', revenue, annualPeriod(fy)),
        givenFact('ProfitAfterTax', profit, annualPeriod(fy)),
        givenFact('TotalEquity', equity, instantPeriod(fy, 4)),
      ];
      await service.harness.append(
        company,
        givenFinancialsReported({ companyId, knownAt: '2023-05-10T12:00:00.000Z', facts: year(2023, '1000', '100', '500') }),
        givenFinancialsReported({ companyId, knownAt: '2024-05-10T12:00:00.000Z', facts: year(2024, '1200', '150', '600') }),
      );
      await service.harness.project();
      const sources = await listScreenMetricCoverage(db(), [factsScreenSource]);
      expect(sources.map((s) => s.companies)).toEqual([7]);
      expect(coverage(sources, 'net_margin')).toBe(7);
      expect(coverage(sources, 'Revenue_growth')).toBe(1);
      expect(coverage(sources, 'ProfitAfterTax_growth')).toBe(1);
      expect(coverage(sources, 'TotalEquity_growth')).toBe(1);
      expect(coverage(sources, 'Borrowings_growth')).toBe(0);
      expect(coverage(sources, 'ebitda')).toBe(5); // the new company files no tax, finance costs or depreciation
    });

    it("binds a source's values through param, in one statement per source", async () => {
      const seen: string[] = [];
      const counting: SqlExecutor = {
        query<R extends object>(text: string, params?: readonly unknown[]) {
          seen.push(text);
          return db().query<R>(text, params);
        },
        transaction: (fn) => db().transaction(fn),
      };
      const counted = await countSourceCoverage(counting, boundSource);
      expect(counted).toEqual({
        companies: 2,
        byMetric: new Map([
          ['level', 2],
          ['only_acc', 1],
        ]),
      });
      expect(seen).toHaveLength(1);
      const listed = await listScreenMetricCoverage(db(), [boundSource]);
      expect(listed).toEqual([
        expect.objectContaining({
          id: 'bound',
          dataset: null,
          available: true,
          companies: 2,
          metrics: [
            expect.objectContaining({ id: 'level', source: 'bound', companies_with_value: 2 }),
            expect.objectContaining({ id: 'only_acc', companies_with_value: 1 }),
          ],
        }),
      ]);
    });
  });
});
