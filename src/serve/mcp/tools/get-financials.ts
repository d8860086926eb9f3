import { listFacts } from '#projections/facts';
import { instantOf } from '#schemas/common';
import { GetFinancialsInputSchema, GetFinancialsOutputSchema } from '#schemas/mcp';
import { companyPhrase } from '#read/phrases';
import { identityOfCompany } from '#projections/companies';
import { InvalidRequestError } from '#platform/errors';
import { listMetrics } from '#read/metric-queries';
import { defineCompanyTool } from '../define-tool.ts';
import { factLine, metricLine, toToolFact, toToolMetric } from '../financial-figures.ts';
import { requireMeasureIds } from '../measure-ids.ts';
import { pageLine, renderList } from '../render-text.ts';
import { fitPage, PAGE_BUDGET, pageOf } from '../result-budget.ts';

/** Metrics carry their input facts; half the page keeps room for the facts. */
const METRIC_BUDGET = PAGE_BUDGET / 2;

export const getFinancialsTool = defineCompanyTool({
  name: 'get_financials',
  title: 'Exact financial facts and ratios of one company',
  dataset: 'financials',
  description: [
    'Exact reported facts (SPEC concept ids such as Revenue, ProfitAfterTax, TotalEquity) and derived ratios or growth (net_margin, return_on_equity, Revenue_growth …) of one company, filtered by period, basis, fiscal year and quarter, as known at as_of.',
    'Use it for exact facts or ratios. For one measure over time use get_financial_history; for the whole results of a quarter or year use get_earnings; for the source or restatement trail of a figure use get_fact_provenance.',
    'Every figure carries its period, basis, unit, scale, filing_id, source_url and known_at: keep them with any claim. Ratios are computed from the facts as known at as_of; a ratio that cannot be computed is null with a reason, never 0.',
    "recorded_as_of (for audits) answers from this service's own record at that instant: each filing as it was parsed then, before any later re-parse.",
    'An unknown concept id is an error saying how to find valid ids (search with kinds ["concept"]). For an unknown company name call search first: a near match is never chosen silently.',
    'An empty result is not proof that a figure does not exist: check list_datasets.',
  ],
  input: GetFinancialsInputSchema,
  output: GetFinancialsOutputSchema,
  async run(input, company, { deps, asOf }) {
    const { reported, metrics: metricIds } = requireMeasureIds(input.concepts ?? []);
    if (input.period === 'annual' && input.fiscal_quarter !== undefined) {
      throw new InvalidRequestError(
        'fiscal_quarter selects quarters, and period annual has none: use period quarterly or any with fiscal_quarter, or drop fiscal_quarter for the year.',
      );
    }
    const recordedAsOf = instantOf(input.recorded_as_of);
    const filters = {
      companyId: company.id,
      period: input.period,
      basis: input.basis,
      asOf,
      recordedAsOf,
      fromFiscalYear: input.fiscal_year,
      toFiscalYear: input.fiscal_year,
      fiscalQuarter: input.fiscal_quarter,
    };
    // Asked only for metrics: no facts. One fact more than a page tells whether another page follows.
    const wantsFacts = input.concepts === undefined || reported.length > 0;
    const fetched = wantsFacts
      ? await listFacts(deps.db, { ...filters, concepts: reported, limit: input.limit + 1, offset: input.offset })
      : [];
    const computed = metricIds.length > 0 ? await listMetrics(deps.db, { ...filters, metrics: metricIds }) : [];
    const metricsLeft = computed.slice(input.metrics_offset).map(toToolMetric);
    const metrics = fitPage(metricsLeft, (items, truncated) => ({ items: [...items], truncated }), METRIC_BUDGET);
    const metricsPage = pageOf({
      offset: input.metrics_offset,
      limit: metricsLeft.length,
      returned: metrics.items.length,
      total: computed.length,
      truncated: metrics.truncated,
    });
    const pageFacts = fetched.slice(0, input.limit).map(toToolFact);
    // Counted only when this page reaches the end; past the end (nothing at offset) it is unknown.
    const total = fetched.length > input.limit || (pageFacts.length === 0 && input.offset > 0) ? null : input.offset + pageFacts.length;
    return fitPage(pageFacts, (facts, truncated) => ({
      company: identityOfCompany(company),
      as_of: asOf ?? null,
      recorded_as_of: recordedAsOf ?? null,
      facts: [...facts],
      metrics: metrics.items,
      metrics_truncated: metrics.truncated,
      page: pageOf({ offset: input.offset, limit: input.limit, returned: facts.length, total, truncated }),
      metrics_page: metricsPage,
    }));
  },
  render({ company, as_of, recorded_as_of, facts, metrics, metrics_page, page }) {
    const known = `${as_of === null ? 'as currently known' : `as known at ${as_of}`}${recorded_as_of === null ? '' : `, as this service had recorded them at ${recorded_as_of}`}`;
    const lines = [
      renderList(
        `${companyPhrase(company)}: ${facts.length} facts ${known}.`,
        facts,
        (fact) => factLine(company, fact),
        `Facts page: ${pageLine(page)}`,
      ),
    ];
    if (metrics.length > 0 || metrics_page.offset > 0) {
      lines.push(
        renderList(
          'Metrics:',
          metrics,
          (metric) => metricLine(company, metric),
          `Metrics page: ${pageLine(metrics_page, 'metrics_offset')}`,
        ),
      );
    }
    return lines.join('\n');
  },
});
