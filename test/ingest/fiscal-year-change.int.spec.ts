import { beforeAll, expect, it } from 'vitest';
import { listFacts } from '#projections/facts/queries';
import { resolveCompany } from '#read/identity/resolve-company';
import { listMetrics } from '#read/metric-queries/list-metrics';
import { screenCompanies } from '#read/screening/screen-companies';
import { describeEachDatabase } from '../support/databases.ts';
import { givenIngestion } from '../support/ingestion-harness.ts';
import { realPath } from '../support/real-corpus.ts';
import { describeWithSharedData } from '../support/shared-data.ts';

const XBRL = 'nse_filings/xbrl/acc';
/** ACC's NSE results listing: each filing's dissemination time. */
const LISTING = 'nse_filings/index/acc.json';
/**
 * Consolidated results filed during the year ACC lengthened to move its year end from
 * December to March: quarters to 30 Sep 2022 (18 Oct 2022) and 31 Dec 2022 (1 Feb 2023). Both
 * state DateOfStartOfFinancialYear 2022-01-01 and DateOfEndOfFinancialYear 2023-03-31, and
 * the first a year to date of 1 Jan to 30 Sep 2022 (revenue 128,823.0 crore).
 */
const DURING_THE_YEAR = [
  `${XBRL}/18Oct2022_1027_INDAS_768989_4668_18102022102736_WEB.xml`,
  `${XBRL}/01Feb2023_1812_INDAS_88299_783178_01022023061242_WEB.xml`,
];
/**
 * The year-end filing (3 May 2023): DateOfStartOfFinancialYear and FourD's
 * DateOfStartOfReportingPeriod say 2022-04-01, but FourD's revenue of 222,101.8 crore is the
 * five quarters from January 2022 (44,265.4 + 44,684.2 + 39,873.4 + 45,369.7 + 47,909.1, as
 * filed on 19 Apr 2022, 15 Jul 2022, 18 Oct 2022, 1 Feb 2023 and in this filing's OneD);
 * the last four alone are 177,836.4. Its notes say "Year to date figures are from 01st Jan
 * 2022 till 31st March 2023". Then the year to 31 Mar 2024 (26 Apr 2024): 199,589.2 crore.
 */
const YEAR_ENDS = [
  `${XBRL}/03May2023_1714_INDAS_91123_836716_03052023051432.xml`,
  `${XBRL}/26Apr2024_1801_INDAS_104812_1109391_26042024060121.xml`,
];

describeWithSharedData("ACC's fifteen-month fiscal year (Jan 2022 to Mar 2023) on its real filings", () => {
  describeEachDatabase('served with the days it covers', (database) => {
    const service = givenIngestion(database);
    const db = () => service.harness.db;
    let companyId = '';

    const annualRevenue = async (asOf?: string) =>
      (await listFacts(db(), { companyId, concepts: ['Revenue'], basis: 'consolidated', period: 'annual', asOf, limit: 10 })).map(
        (fact) => [fact.period.start, fact.period.end, fact.period.fiscal_year, fact.value],
      );

    beforeAll(async () => {
      // The year-end filings first, the filings made during the year in a later run: the
      // year's start must not depend on the order they arrive in.
      expect(await service.ingest([LISTING, ...YEAR_ENDS].map(realPath))).toMatchObject({ failed: 0, rejected: 0 });
      await service.harness.project();
      companyId = (await resolveCompany(db(), 'ACC'))?.id ?? '';
      expect(await annualRevenue()).toContainEqual(['2022-04-01', '2023-03-31', 2023, '222101800000']);
      expect(await service.ingest(DURING_THE_YEAR.map(realPath))).toMatchObject({ failed: 0, rejected: 0 });
      await service.harness.project();
    }, 240_000);

    it('serves the year to 31 Mar 2023 from 1 Jan 2022, as the filings made during it state, and the next year from 1 Apr 2023', async () => {
      expect(await annualRevenue()).toEqual([
        ['2023-04-01', '2024-03-31', 2024, '199589200000'],
        ['2022-01-01', '2023-03-31', 2023, '222101800000'],
      ]);
      // As of 1 Jun 2023 (after the year-end filing of 3 May 2023, 11:44 UTC): the same.
      expect(await annualRevenue('2023-06-01T00:00:00Z')).toEqual([['2022-01-01', '2023-03-31', 2023, '222101800000']]);
    });

    it('refuses growth of the year to 31 Mar 2024 against the fifteen months before it (period_changed), with both periods', async () => {
      const [growth] = await listMetrics(db(), { companyId, period: 'annual', basis: 'consolidated', metrics: ['Revenue_growth'] });
      // Compared, it was (199,589.2 − 222,101.8) / 222,101.8 = −0.101362: a fall of 10% that twelve months
      // against fifteen made.
      expect(growth).toMatchObject({ value: null, reason: { code: 'period_changed', concepts: ['Revenue'] } });
      expect(growth?.inputs.map((i) => [i.role, i.period.start, i.period.end, i.value])).toEqual([
        ['current', '2023-04-01', '2024-03-31', '199589200000'],
        ['prior', '2022-01-01', '2023-03-31', '222101800000'],
      ]);
    });

    it('screens the year with the days it covers, and growth against it fails every filter', async () => {
      const screen = (asOf?: string) =>
        screenCompanies(db(), { filters: [{ metric: 'Revenue_growth', operator: '<', value: 0 }], asOf, companyId });
      expect((await screen()).rows).toEqual([]);
      const ebit = await screenCompanies(db(), {
        filters: [{ metric: 'ebit', operator: '>', value: 0 }],
        asOf: '2023-06-01T00:00:00Z',
        companyId,
      });
      expect(ebit.rows[0]?.periods.map((p) => [p.source, p.period_start, p.period_end])).toEqual([['facts', '2022-01-01', '2023-03-31']]);
    });
  });
});
