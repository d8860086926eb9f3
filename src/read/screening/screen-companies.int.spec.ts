import fc from 'fast-check';
import { FACTS } from '#projections/facts/tables';
import { beforeAll, describe, expect, it } from 'vitest';
import { DERIVED_RATIOS, type ReportedConcept } from '#schemas/common/concepts';
import type { Basis } from '#schemas/common/primitives';
import { GROWTH_METRIC_IDS } from '#schemas/read-models/metric';
import { ScreenResultSchema, type ScreenPredicate } from '#schemas/read-models/screen';
import { annualPeriod, givenCompanyRegistered, givenFact, givenFinancialsReported, instantPeriod } from '../../../test/support/builders.ts';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import { ingestSampleResults } from '../../../test/support/sample-results.ts';
import { STAND_IN_CLOSE_SOURCE } from '../../../test/support/stand-in-close-source.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { listMetrics } from '#read/metric-queries/list-metrics';
import { ScreenRequestError, UnknownScreenMetricError } from '#platform/errors';
import { screenCompanies } from './screen-companies.ts';
import { factsScreenSource } from './facts-source.ts';
import { buildScreenWhitelist, listScreenMetrics } from './screen-sources.ts';

const TCS_ISIN = 'INE467B01029';
const LOWEST = `-1${'0'.repeat(30)}`;
/** The period TCS's screened values come from: its consolidated annual results of FY2024. */
const TCS_FY2024 = {
  source: 'facts',
  basis: 'consolidated',
  period_type: 'annual',
  period_start: '2023-04-01',
  period_end: '2024-03-31',
  fiscal_year: 2024,
};

/**
 * Two made-up companies for what the sample lacks: a year before the latest (growth), a
 * restatement, zero and negative denominators, and a company whose latest year is filed
 * standalone only.
 */
function syntheticFilings() {
  const growth = givenCompanyRegistered({ name: 'Synthetic Growth Ltd' });
  const standalone = givenCompanyRegistered({ name: 'Synthetic Standalone Ltd' });
  const g = growth.data.companyId;
  const s = standalone.data.companyId;
  const year = (fy: number, values: Partial<Record<ReportedConcept, string>>, basis: Basis = 'consolidated') =>
    Object.entries(values).map(([concept, value]) => {
      const balance = ['TotalEquity', 'TotalAssets', 'Borrowings'].includes(concept);
      return givenFact(concept as ReportedConcept, value, balance ? instantPeriod(fy, 4) : annualPeriod(fy), basis);
    });
  return {
    growthId: g,
    standaloneId: s,
    events: [
      growth,
      standalone,
      givenFinancialsReported({
        companyId: g,
        knownAt: '2023-05-10T12:00:00.000Z',
        facts: year(2023, {
          Revenue: '1000',
          ProfitAfterTax: '-100',
          ProfitBeforeTax: '-80',
          FinanceCosts: '0',
          TaxExpense: '20',
          OtherIncome: '0',
          TotalEquity: '500',
          TotalAssets: '2000',
          Borrowings: '100',
        }),
      }),
      givenFinancialsReported({
        companyId: g,
        knownAt: '2024-05-10T12:00:00.000Z',
        facts: [
          ...year(2024, {
            Revenue: '1234.5',
            ProfitAfterTax: '-40',
            ProfitBeforeTax: '-30',
            FinanceCosts: '10',
            DepreciationAndAmortisation: '5',
            TaxExpense: '10',
            OtherIncome: '7',
            NetCashFromOperatingActivities: '33',
            TotalEquity: '-50',
            TotalAssets: '2100',
            Borrowings: '150',
          }),
          ...year(2024, { Revenue: '999', ProfitAfterTax: '99' }, 'standalone'),
        ],
      }),
      givenFinancialsReported({
        companyId: g,
        knownAt: '2024-06-01T12:00:00.000Z',
        isRevision: true,
        facts: year(2024, { Revenue: '1300' }),
      }),
      givenFinancialsReported({
        companyId: s,
        knownAt: '2024-05-10T12:00:00.000Z',
        facts: year(2024, { Revenue: '800', ProfitAfterTax: '80' }),
      }),
      givenFinancialsReported({
        companyId: s,
        knownAt: '2025-05-10T12:00:00.000Z',
        facts: year(2025, { Revenue: '500', ProfitBeforeTax: '50', FinanceCosts: '5', TotalAssets: '1000' }, 'standalone'),
      }),
    ],
  };
}

describeEachDatabase('screening companies on the latest annual results', (database) => {
  const service = givenIngestion(database);
  const db = () => service.harness.db;
  const synthetic = syntheticFilings();
  const screen = (filters: ScreenPredicate[], options: { sort?: string; limit?: number; offset?: number } = {}) =>
    screenCompanies(db(), { filters, limit: 100, ...options });
  const symbols = async (filters: ScreenPredicate[], options: { sort?: string; limit?: number; offset?: number } = {}) =>
    (await screen(filters, options)).rows.map((r) => r.company.nse_symbol ?? r.company.name);

  interface Expected {
    basis: string;
    end: string;
    fiscalYear: number;
    values: Map<string, string | null>;
  }
  /** What the TypeScript metrics give for a company's latest annual period as known at `asOf` (or now). */
  async function expectedOf(companyId: string, asOf?: string): Promise<Expected> {
    const metrics = await listMetrics(db(), { companyId, period: 'annual', asOf });
    const end =
      metrics
        .map((m) => m.period.end)
        .sort()
        .at(-1) ?? '';
    const basis = metrics.some((m) => m.period.end === end && m.basis === 'consolidated') ? 'consolidated' : 'standalone';
    const chosen = metrics.filter((m) => m.period.end === end && m.basis === basis);
    return { basis, end, fiscalYear: chosen[0]?.period.fiscal_year ?? 0, values: new Map(chosen.map((m) => [m.metric, m.value])) };
  }

  beforeAll(async () => {
    await ingestSampleResults(service);
    await service.harness.append(...synthetic.events);
    await service.harness.project();
  });

  it('lists the whitelist: every derived ratio and every growth field, from the facts source', () => {
    const metrics = listScreenMetrics().filter((m) => m.source === 'facts');
    expect(metrics.map((m) => m.id)).toEqual([...DERIVED_RATIOS, ...GROWTH_METRIC_IDS]);
    expect(metrics.find((m) => m.id === 'net_margin')).toMatchObject({ unit: 'ratio', source: 'facts', label: 'Net profit margin' });
    expect(metrics.find((m) => m.id === 'ebitda')?.unit).toBe('INR');
  });

  describe('consistency guard: SQL equals the TypeScript metrics', () => {
    it('for every company and every screenable metric, on the latest annual period (consolidated, else standalone)', async () => {
      const { rows } = await db().query<{ company_id: string }>(`select distinct company_id::text as company_id from ${FACTS}`);
      expect(rows).toHaveLength(8);
      const expected = new Map<string, Expected>();
      for (const { company_id: companyId } of rows) expected.set(companyId, await expectedOf(companyId));
      let compared = 0;
      let valued = 0;
      for (const { id } of listScreenMetrics().filter((m) => m.source === 'facts')) {
        const result = await screen([{ metric: id, operator: '>', value: LOWEST }]);
        const found = new Map(result.rows.map((r) => [r.company.id, r]));
        for (const [companyId, want] of expected) {
          const row = found.get(companyId);
          expect({ companyId, id, value: row?.values[id] ?? null }).toEqual({ companyId, id, value: want.values.get(id) ?? null });
          if (row) {
            expect(row.periods).toEqual([
              {
                source: 'facts',
                basis: want.basis,
                period_type: 'annual',
                period_start: expect.any(String),
                period_end: want.end,
                fiscal_year: want.fiscalYear,
                known_at: expect.any(String),
                inputs: expect.any(Array),
              },
            ]);
            valued += 1;
          }
          compared += 1;
        }
      }
      expect(compared).toBe(8 * 50);
      expect(valued).toBeGreaterThan(60);
    });

    it('computes the synthetic edge cases as documented', async () => {
      const metrics = await listMetrics(db(), { companyId: synthetic.growthId, period: 'annual', basis: 'consolidated' });
      const value = (id: string) => metrics.find((m) => m.metric === id && m.period.fiscal_year === 2024)?.value;
      expect(value('Revenue_growth')).toBe('0.300000'); // the restated 1300 over 1000
      expect(value('ProfitAfterTax_growth')).toBe('0.600000'); // -40 over -100: a loss shrinking is growth
      expect(value('TotalEquity_growth')).toBe('-1.100000');
      expect(value('OtherIncome_growth')).toBeNull(); // prior 0
      expect(value('return_on_equity')).toBeNull(); // negative equity
      expect(value('interest_coverage')).toBe('-2.000000');
      expect(value('cash_conversion')).toBeNull(); // negative profit
      const [row] = (await screen([{ metric: 'Revenue_growth', operator: '>', value: 0 }], { sort: 'interest_coverage' })).rows;
      expect(row).toMatchObject({
        company: { id: synthetic.growthId, name: 'Synthetic Growth Ltd' },
        values: { Revenue_growth: '0.300000', interest_coverage: '-2.000000' },
      });
      const standalone = await screen([{ metric: 'ebit', operator: '=', value: '55' }]);
      expect(standalone.rows).toEqual([
        expect.objectContaining({
          company: expect.objectContaining({ id: synthetic.standaloneId }),
          values: { ebit: '55' },
          periods: [expect.objectContaining({ basis: 'standalone', fiscal_year: 2025 })],
        }),
      ]);
    });
  });

  describe('operators, values and paging', () => {
    // Consolidated FY24 net margins: BAJFINANCE 0.262894, HDFCBANK 0.225850, TCS 0.191367, INFY 0.170808,
    // ACC 0.117067, RELIANCE 0.086411; the growth company -0.030769; the standalone company has no profit after tax.
    const infy = '0.170808';
    it.each([
      ['>', ['BAJFINANCE', 'HDFCBANK', 'TCS']],
      ['>=', ['BAJFINANCE', 'HDFCBANK', 'TCS', 'INFY']],
      ['=', ['INFY']],
      ['<', ['ACC', 'RELIANCE', 'Synthetic Growth Ltd']],
      ['<=', ['INFY', 'ACC', 'RELIANCE', 'Synthetic Growth Ltd']],
      ['!=', ['BAJFINANCE', 'HDFCBANK', 'TCS', 'ACC', 'RELIANCE', 'Synthetic Growth Ltd']],
    ] as const)("net_margin %s INFY's margin", async (operator, expected) => {
      expect(await symbols([{ metric: 'net_margin', operator, value: infy }], { sort: '-net_margin' })).toEqual(expected);
    });

    it('takes the value as a number or as a decimal string, with the same result', async () => {
      const asNumber = await screen([{ metric: 'return_on_equity', operator: '>=', value: 0.15 }]);
      const asString = await screen([{ metric: 'return_on_equity', operator: '>=', value: '0.15' }]);
      const signed = await screen([{ metric: 'return_on_equity', operator: '>=', value: '+.150' }]);
      expect(asNumber.rows.map((r) => r.company.nse_symbol)).toEqual(['BAJFINANCE', 'INFY', 'TCS']);
      expect(asString).toEqual(asNumber);
      expect(signed).toEqual(asNumber);
      expect(ScreenResultSchema.parse(asNumber)).toEqual(asNumber);
    });

    it('combines filters, returns the values of filters and sort with their period and basis', async () => {
      const result = await screen(
        [
          { metric: 'debt_to_equity', operator: '<', value: '0.5' },
          { metric: 'interest_coverage', operator: '>', value: 10 },
        ],
        { sort: '-return_on_equity' },
      );
      expect(result.total).toBe(3);
      expect(result.metrics.map((m) => [m.id, m.unit, m.source])).toEqual([
        ['debt_to_equity', 'ratio', 'facts'],
        ['interest_coverage', 'ratio', 'facts'],
        ['return_on_equity', 'ratio', 'facts'],
      ]);
      expect(result.rows[0]).toEqual({
        company: expect.objectContaining({
          id: companyIdFromIsin(TCS_ISIN),
          name: 'Tata Consultancy Services Limited',
          nse_symbol: 'TCS',
          isin: TCS_ISIN,
        }),
        values: { debt_to_equity: '0.000000', interest_coverage: '80.687661', return_on_equity: '0.504813' },
        periods: [
          {
            ...TCS_FY2024,
            known_at: expect.any(String),
            inputs: expect.arrayContaining([
              expect.objectContaining({ measure: 'TotalEquity', period_end: '2024-03-31', filing_id: expect.any(String) }),
            ]),
          },
        ],
      });
      expect(result.rows.map((r) => r.company.nse_symbol)).toEqual(['TCS', 'INFY', 'ACC']);
    });

    it('never passes a company without a value: banks have no EBITDA, not an EBITDA of 0', async () => {
      const result = await screen([{ metric: 'ebitda', operator: '!=', value: 0 }]);
      expect(result.rows.map((r) => r.company.nse_symbol)).not.toContain('HDFCBANK');
      expect(result.total).toBe(6);
    });

    it('sorts, limits and pages, with the total over all pages; companies without a sort value come last', async () => {
      const filters: ScreenPredicate[] = [
        { metric: 'Revenue_growth', operator: '!=', value: 1 },
        { metric: 'net_margin', operator: '>', value: '-1' },
      ];
      expect(await symbols(filters.slice(1), { sort: 'net_margin', limit: 2 })).toEqual(['Synthetic Growth Ltd', 'RELIANCE']);
      const second = await screen(filters.slice(1), { sort: '-net_margin', limit: 2, offset: 2 });
      expect(second.total).toBe(7);
      expect(second.rows.map((r) => r.company.nse_symbol)).toEqual(['TCS', 'INFY']);
      const past = await screen(filters.slice(1), { limit: 5, offset: 50 });
      expect(past).toMatchObject({ total: 7, rows: [] });
      const nullsLast = await symbols([{ metric: 'debt_to_equity', operator: '>=', value: 0 }], { sort: '-ebitda' });
      expect(nullsLast.at(-1)).toBe('HDFCBANK');
      expect(await screen([{ metric: 'net_margin', operator: '>', value: 5 }])).toMatchObject({ total: 0, rows: [] });
    });
  });

  it('joins another source through the extension point: its values and period come along', async () => {
    const whitelist = buildScreenWhitelist([factsScreenSource, STAND_IN_CLOSE_SOURCE]);
    const result = await screenCompanies(
      db(),
      {
        filters: [
          { metric: 'price', operator: '>', value: 100 },
          { metric: 'return_on_equity', operator: '>', value: '0.3' },
        ],
        limit: 10,
      },
      whitelist,
    );
    expect(result.rows).toEqual([
      {
        company: expect.objectContaining({ nse_symbol: 'TCS' }),
        values: { price: '100.5', return_on_equity: '0.504813' },
        periods: [
          {
            source: 'close',
            basis: null,
            period_type: 'trading_day',
            period_start: null,
            period_end: '2025-01-31',
            fiscal_year: null,
            known_at: null,
            inputs: [],
          },
          expect.objectContaining(TCS_FY2024),
        ],
      },
    ]);
  });

  describe('as of an instant', () => {
    const everyone: ScreenPredicate[] = [{ metric: 'net_margin', operator: '>', value: LOWEST }];

    it('finds nothing before any filing', async () => {
      const result = await screenCompanies(db(), { filters: everyone, asOf: '2015-01-01T00:00:00+05:30' });
      expect(result).toEqual({ as_of: '2014-12-31T18:30:00.000Z', total: 0, metrics: expect.any(Array), rows: [] });
    });

    it('as of 15 April 2024, takes FY2024 only from the companies whose results were disseminated by then', async () => {
      const asOf = '2024-04-15T00:00:00Z';
      const { rows: filed } = await db().query<{ company_id: string }>(
        `select distinct company_id::text as company_id from ${FACTS} where fiscal_year = 2024 and period_type = 'annual' and known_at <= $1`,
        [asOf],
      );
      const fy2024 = (result: Awaited<ReturnType<typeof screen>>) => result.rows.filter((r) => r.periods[0]?.fiscal_year === 2024);
      const then = await screenCompanies(db(), { filters: everyone, asOf, limit: 100 });
      expect(
        fy2024(then)
          .map((r) => r.company.id)
          .sort(),
      ).toEqual(filed.map((r) => r.company_id).sort());
      expect(fy2024(then).map((r) => r.company.nse_symbol)).toEqual(['TCS']); // results of 12 April 2024
      const now = await screen(everyone);
      expect(then.total).toBeLessThan(now.total);
      expect(now.as_of).toBeNull();
      expect(fy2024(now).map((r) => r.company.nse_symbol)).toEqual(expect.arrayContaining(['TCS', 'INFY', 'HDFCBANK', 'RELIANCE']));
    });

    it('screens the universe of the day: a company since delisted is in, one delisted by then is out', async () => {
      const growth = async (asOf?: string) =>
        (await screenCompanies(db(), { filters: everyone, asOf, limit: 100 })).rows.find((r) => r.company.id === synthetic.growthId);
      // Listed then (registered listed on NSE in 2020), delisted since: absent from NSE's list of 8 March 2024.
      expect(await growth('2023-06-01T00:00:00Z')).toMatchObject({
        values: { net_margin: '-0.100000' },
        periods: [{ fiscal_year: 2023, known_at: '2023-05-10T12:00:00.000Z' }],
      });
      expect(await growth('2024-05-15T00:00:00Z')).toBeUndefined();
      // Without as_of, every company with values, as before.
      expect(await growth()).toMatchObject({ periods: [{ fiscal_year: 2024 }] });
      const { rows } = await db().query<{ status: string; valid_from: string }>(
        'select status, valid_from from rm_company_listings_v4 where company_id = $1 order by valid_from',
        [synthetic.growthId],
      );
      expect(rows).toEqual([
        { status: 'listed', valid_from: '2020-01-01' },
        { status: 'delisted', valid_from: '2024-03-08' },
      ]);
    });

    it('property: for any as_of, no row uses an input known later, and values equal the metrics as known then', async () => {
      const ids = ['net_margin', 'Revenue_growth', 'return_on_equity'];
      await fc.assert(
        fc.asyncProperty(
          fc.date({ min: new Date('2023-01-01T00:00:00Z'), max: new Date('2025-12-31T00:00:00Z'), noInvalidDate: true }),
          async (date) => {
            const asOf = date.toISOString();
            const result = await screenCompanies(db(), { filters: everyone, sort: 'Revenue_growth', asOf, limit: 100 });
            for (const row of result.rows) {
              const known = row.periods.flatMap((p) => [p.known_at, ...p.inputs.map((i) => i.known_at)]);
              for (const at of known) expect(at !== null && at <= asOf, `${row.company.name}: ${at} after ${asOf}`).toBe(true);
              const want = await expectedOf(row.company.id, asOf);
              expect(row.periods[0]).toMatchObject({ basis: want.basis, period_end: want.end, fiscal_year: want.fiscalYear });
              for (const id of ids.filter((i) => i in row.values))
                expect({ id, value: row.values[id] }).toEqual({ id, value: want.values.get(id) ?? null });
            }
          },
        ),
        { numRuns: 12 },
      );
    });
  });

  describe('rejected requests', () => {
    it('names an unknown metric and lists the valid ids', async () => {
      const failure = screen([{ metric: 'pe_ratio', operator: '>', value: 1 }]);
      await expect(failure).rejects.toBeInstanceOf(UnknownScreenMetricError);
      const error = (await failure.catch((e: unknown) => e)) as UnknownScreenMetricError;
      expect(error).toMatchObject({ status: 422, code: 'ERR_UNKNOWN_SCREEN_METRIC' });
      expect(error.validIds).toContain('net_margin');
      expect(error.validIds).toContain('Revenue_growth');
      expect(error.issues).toEqual([expect.objectContaining({ loc: ['filters', 0, 'metric'], type: 'unknown_metric', input: 'pe_ratio' })]);
      await expect(screen([{ metric: 'net_margin', operator: '>', value: 0 }], { sort: '-pe_ratio' })).rejects.toMatchObject({
        issues: [expect.objectContaining({ loc: ['sort'], input: '-pe_ratio' })],
      });
    });

    it('rejects injection-like text as unknown metrics or bad values, and the tables survive', async () => {
      await expect(screen([{ metric: `revenue; drop table ${FACTS}`, operator: '>', value: 0 }])).rejects.toBeInstanceOf(
        UnknownScreenMetricError,
      );
      await expect(screen([{ metric: 'net_margin" > 0 or "1', operator: '>', value: 0 }])).rejects.toBeInstanceOf(UnknownScreenMetricError);
      await expect(
        screen([{ metric: 'net_margin', operator: '>', value: 0 }], { sort: `-net_margin; drop table ${FACTS}` }),
      ).rejects.toBeInstanceOf(UnknownScreenMetricError);
      await expect(screen([{ metric: 'net_margin', operator: '>', value: `0; drop table ${FACTS}` }])).rejects.toBeInstanceOf(
        ScreenRequestError,
      );
      await expect(screen([{ metric: 'net_margin', operator: 'or 1=1 --' as '>', value: 0 }])).rejects.toBeInstanceOf(ScreenRequestError);
      const { rows } = await db().query<{ n: number }>(`select count(*) as n from ${FACTS}`);
      expect(rows[0]?.n).toBeGreaterThan(2000);
    });

    it('rejects malformed predicates and pages', async () => {
      const invalid = (filters: unknown[], options: { limit?: number; offset?: number } = {}) =>
        screenCompanies(db(), { filters: filters as ScreenPredicate[], limit: options.limit ?? 10, offset: options.offset ?? 0 });
      await expect(invalid([])).rejects.toMatchObject({
        code: 'ERR_SCREEN_INVALID',
        issues: [expect.objectContaining({ loc: ['filters'] })],
      });
      await expect(invalid(Array.from({ length: 9 }, () => ({ metric: 'net_margin', operator: '>', value: 0 })))).rejects.toBeInstanceOf(
        ScreenRequestError,
      );
      await expect(invalid([{ metric: 'net_margin', operator: '>', value: 0, extra: 1 }])).rejects.toBeInstanceOf(ScreenRequestError);
      await expect(invalid([{ metric: 'net_margin', operator: '>', value: '.' }])).rejects.toBeInstanceOf(ScreenRequestError);
      await expect(invalid([{ metric: 'net_margin', operator: '>', value: '1e3' }])).rejects.toBeInstanceOf(ScreenRequestError);
      await expect(invalid([{ metric: 'net_margin', operator: '>' }])).rejects.toBeInstanceOf(ScreenRequestError);
      await expect(invalid([{ metric: 'net_margin', operator: '>', value: 0 }], { limit: 101 })).rejects.toMatchObject({
        issues: [expect.objectContaining({ loc: ['limit'] })],
      });
      await expect(invalid([{ metric: 'net_margin', operator: '>', value: 0 }], { offset: -1 })).rejects.toMatchObject({
        issues: [expect.objectContaining({ loc: ['offset'] })],
      });
    });
  });
});
