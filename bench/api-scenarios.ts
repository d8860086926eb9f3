/** The requests bench:api loads the API with, each with the pgbench script of the statement it runs. */
import { type CrossSectionParams, crossSectionJsonQuery, crossSectionQuery, listFactsQuery } from '#projections/facts';
import { metricInputsQuery, metricPeriodsQuery, type MetricCrossSectionParams } from '#read/metric-queries';
import { compileScreen } from '#read/screening';
import { benchSymbol } from './api-dataset.ts';
import { inlineParameters, randomCompanyScript } from './pgbench-script.ts';
import { syntheticCompanyId } from './synthetic-filings.ts';

/** A request the API is loaded with, and the script of its SQL statement pgbench runs. */
export interface Scenario {
  readonly label: string;
  readonly method: 'GET' | 'POST';
  /** The path of every request, or of the probe when `paths` spreads them. */
  readonly path: string;
  /** Paths each request draws one of at random (one per company). */
  readonly paths?: readonly string[];
  readonly body?: string;
  readonly pgbenchScript: () => string;
}

export const CONCEPTS = ['Revenue', 'ProfitAfterTax', 'TotalAssets', 'TotalEquity', 'NetCashFromOperatingActivities'] as const;
export const AS_OF = '2022-06-01T00:00:00Z';
const SCREEN_FILTERS = [{ metric: 'net_margin', operator: '>', value: '0.1' }] as const;
const SCREEN_SORT = '-net_margin';
const SCREEN_LIMIT = 10;

/** One of the two `/v1/financials` reads: its concepts and page size. */
interface FactsRead {
  readonly label: string;
  readonly concepts: readonly (typeof CONCEPTS)[number][];
  readonly limit: number;
}

export const ONE_FACT: FactsRead = { label: 'one fact as of a date', concepts: ['Revenue'], limit: 1 };
export const FACTS: FactsRead = { label: 'facts as of a date', concepts: CONCEPTS, limit: 2000 };

const financialsPath = (read: FactsRead, company: number) =>
  `/v1/financials?ticker=${benchSymbol(company)}&concept=${read.concepts.join(',')}&as_of=${AS_OF}&limit=${read.limit}`;

/** A pgbench script of one statement with its values written in. */
const inlinedScript = ({ text, values }: { text: string; values: readonly unknown[] }) => `${inlineParameters(text, values)};\n`;

const factsStatement = (read: FactsRead, company: number) =>
  listFactsQuery({ companyId: syntheticCompanyId(company), concepts: read.concepts, period: 'any', asOf: AS_OF, limit: read.limit });

/** The read for one company, `company`, every request the same URL. */
export function oneCompany(read: FactsRead, company: number): Scenario {
  return {
    label: read.label,
    method: 'GET',
    path: financialsPath(read, company),
    pgbenchScript: () => inlinedScript(factsStatement(read, company)),
  };
}

/**
 * The read for a company drawn at random from the `companies` of the set for each request;
 * pgbench draws its company the same way, for each transaction.
 */
export function randomCompany(read: FactsRead, companies: number): Scenario {
  const paths = Array.from({ length: companies }, (_, c) => financialsPath(read, c));
  return {
    label: `${read.label}, random company`,
    method: 'GET',
    path: paths[0] ?? '',
    paths,
    pgbenchScript: () => randomCompanyScript(companies, factsStatement(read, 0)),
  };
}

export const SCREEN: Scenario = {
  label: 'screen as of a date',
  method: 'POST',
  path: '/v1/query',
  body: JSON.stringify({
    query: 'companies with a net margin above 10%',
    plan: { route: 'hybrid_screen', filters: SCREEN_FILTERS, sort: SCREEN_SORT, as_of: AS_OF },
    limit: SCREEN_LIMIT,
  }),
  pgbenchScript: () => {
    const compiled = compileScreen({ filters: [...SCREEN_FILTERS], sort: SCREEN_SORT, limit: SCREEN_LIMIT, asOf: AS_OF });
    if (!compiled.ok) throw compiled.error;
    return `${inlineParameters(compiled.screen.pageSql, compiled.screen.pageValues)};\n`;
  },
};

/** Every company's FY2022 Q3 revenue as of a date, in one page. */
const REVENUE_SECTION: CrossSectionParams = {
  concept: 'Revenue',
  length: 'quarterly',
  period: { kind: 'fiscal', fiscalYear: 2022, fiscalQuarter: 3 },
  view: 'as_of',
  asOf: AS_OF,
  limit: 2000,
};

/** One concept and fiscal quarter over every company of the set as of a date, in one page (docs/views.md). */
export const CROSS_SECTION: Scenario = {
  label: 'cross-section as of a date',
  method: 'GET',
  path: `/v1/cross-section?concept=Revenue&fiscal_year=2022&fiscal_quarter=3&as_of=${AS_OF}&limit=2000`,
  pgbenchScript: () => inlinedScript(crossSectionJsonQuery(REVENUE_SECTION)),
};

/** The cross-section's rows as columns, as its statement read them before PostgreSQL wrote the page's JSON: pgbench only, for comparison. */
export const CROSS_SECTION_ROWS: Scenario = {
  ...CROSS_SECTION,
  pgbenchScript: () => inlinedScript(crossSectionQuery(REVENUE_SECTION)),
};

const METRIC_SECTION: MetricCrossSectionParams = {
  metric: 'net_margin',
  length: 'quarterly',
  period: { kind: 'fiscal', fiscalYear: 2022, fiscalQuarter: 3 },
  view: 'as_of',
  asOf: AS_OF,
  limit: 2000,
};

/**
 * A metric's cross-section: its two statements, the page's company periods and then their
 * inputs, for the companies of the first page (every bench company has the quarter).
 */
export const metricCrossSectionScenario = (companies: number): Scenario => ({
  label: 'metric cross-section as of a date',
  method: 'GET',
  path: `/v1/cross-section?metric=net_margin&fiscal_year=2022&fiscal_quarter=3&as_of=${AS_OF}&limit=2000`,
  pgbenchScript: () => {
    const ids = Array.from({ length: Math.min(companies, METRIC_SECTION.limit) }, (_, c) => syntheticCompanyId(c));
    const periods = metricPeriodsQuery(METRIC_SECTION);
    // The bench set's fiscal years end in March: FY2022 Q3 ends on 31 December 2021 for every company.
    const inputs = metricInputsQuery(
      METRIC_SECTION,
      ids,
      ids.map(() => ({ end: '2021-12-31', fiscalYear: 2022, fiscalQuarter: 3 })),
    );
    return `${inlineParameters(periods.text, periods.values)};\n${inlineParameters(inputs.text, inputs.values)};\n`;
  },
});
