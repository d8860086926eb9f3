import { identityOfCompany } from '#projections/companies';
import { listFacts } from '#projections/facts';
import { BALANCE_SHEET_CONCEPTS, CASH_FLOW_CONCEPTS, type FactConcept } from '#schemas/common';
import { GetFinancialHistoryInputSchema, GetFinancialHistoryOutputSchema, type HistoryPoint } from '#schemas/mcp';
import type { Fact, Metric } from '#schemas/read-models';
import { InvalidRequestError } from '#platform/errors';
import { describeMetric } from '#read/metrics';
import { listMetrics } from '#read/metric-queries';
import { companyPhrase, renderFactValue, renderMetricValue, periodPhrase } from '#read/phrases';
import { defineCompanyTool } from '../define-tool.ts';
import { requireMeasureId } from '../measure-ids.ts';
import { ABSENCE_NOTE, renderList } from '../render-text.ts';
import { fitPage } from '../result-budget.ts';

const factPoint = (fact: Fact): HistoryPoint => ({
  period: fact.period,
  value: fact.value,
  unit: fact.unit,
  scale: fact.scale,
  decimals: fact.decimals,
  filing_id: fact.filing_id,
  source_url: fact.source_url,
  known_at: fact.known_at,
  reason: null,
  inputs: [],
});

const metricPoint = (metric: Metric): HistoryPoint => ({
  period: metric.period,
  value: metric.value,
  unit: metric.unit,
  scale: null,
  decimals: null,
  filing_id: null,
  source_url: null,
  known_at: metric.known_at,
  reason: metric.reason,
  inputs: metric.inputs,
});

const BALANCES = new Set<string>(BALANCE_SHEET_CONCEPTS);
const CASH_FLOWS = new Set<string>(CASH_FLOW_CONCEPTS);

/** How to read a concept's points under the period asked: instants and year-to-date cash flows. */
function conceptNotes(concept: FactConcept, period: 'quarterly' | 'annual'): string[] {
  if (BALANCES.has(concept)) {
    return [
      `${concept} is a balance-sheet item (an instant): ${period === 'annual' ? 'each point is the balance at a fiscal year end (Q4)' : 'each point is the balance at a quarter end where a balance sheet was filed (usually the half year and the year end)'}.`,
    ];
  }
  if (CASH_FLOWS.has(concept) && period === 'quarterly') {
    return [
      `${concept} is a cash flow, filed only year to date (half year, nine months, year): quarterly has no points. Use period annual, or get_financials with period any for the year-to-date figures.`,
    ];
  }
  return [];
}

/** "Q3 FY2025, 2024-12-31: ₹5,927.38 crore (filing …, known at …)". */
function pointLine(measure: string, kind: 'reported' | 'derived', point: HistoryPoint): string {
  const when = [periodPhrase(point.period).label, point.period.end].filter((part) => part !== undefined).join(', ');
  if (point.value === null) return `${when}: unavailable (${point.reason?.message ?? 'no reason given'}); a missing input is not a value`;
  let shown: string;
  if (kind === 'derived' || point.unit === 'ratio') shown = renderMetricValue(measure, point.unit, point.value);
  else {
    const { number, words } = renderFactValue({ value: point.value, unit: point.unit, scale: point.scale });
    shown = `${number}${words}`;
  }
  const source = point.filing_id === null ? `derived from ${point.inputs.length} facts` : `filing ${point.filing_id}`;
  return `${when}: ${shown} (${source}, known at ${point.known_at ?? 'not stated'})`;
}

export const getFinancialHistoryTool = defineCompanyTool({
  name: 'get_financial_history',
  title: 'One financial measure of one company over time',
  dataset: 'financials',
  description: [
    'One measure of one company over time, one point per quarter or fiscal year, oldest first: a reported concept (e.g. Revenue, ProfitAfterTax, TotalEquity) or a derived ratio or growth (e.g. net_margin, return_on_equity, Revenue_growth), as known at as_of.',
    'Use it for one measure over time. For exact facts or ratios of a period use get_financials; for the whole results of a quarter or year use get_earnings; for the source or restatement trail of one value use get_fact_provenance.',
    'Balance-sheet concepts are instants: annual gives the balance at each fiscal year end (Q4), quarterly every quarter end at which a balance sheet was filed. Cash flows are filed only year to date, so use annual for them.',
    'Each point keeps its provenance: filing_id, source_url and known_at for reported values; for derived values the input facts with theirs, and a reason when the value is null (never 0).',
    'An unknown measure id is an error saying how to find valid ids (search with kinds ["concept"]). For an unknown company name call search first. An empty history is not proof of absence: check list_datasets.',
  ],
  input: GetFinancialHistoryInputSchema,
  output: GetFinancialHistoryOutputSchema,
  async run(input, company, { deps, asOf }) {
    const measure = requireMeasureId(input.measure);
    if (input.from_fiscal_year !== undefined && input.to_fiscal_year !== undefined && input.from_fiscal_year > input.to_fiscal_year) {
      throw new InvalidRequestError(`from_fiscal_year ${input.from_fiscal_year} is after to_fiscal_year ${input.to_fiscal_year}.`);
    }
    const filters = {
      companyId: company.id,
      period: input.period,
      basis: input.basis,
      asOf,
      fromFiscalYear: input.from_fiscal_year,
      toFiscalYear: input.to_fiscal_year,
    };
    // Newest first, one more than the limit to tell whether earlier periods exist.
    const newest =
      measure.kind === 'reported'
        ? (await listFacts(deps.db, { ...filters, concepts: [measure.concept], limit: input.limit + 1 })).map(factPoint)
        : (await listMetrics(deps.db, { ...filters, metrics: [measure.metric] })).slice(0, input.limit + 1).map(metricPoint);
    const notes = measure.kind === 'reported' ? conceptNotes(measure.concept, input.period) : [];
    if (newest.length === 0) notes.push(ABSENCE_NOTE);
    const catalogued = measure.kind === 'derived' ? describeMetric(measure.metric) : undefined;
    // The budget keeps the newest points; the output lists them oldest first.
    return fitPage(newest.slice(0, input.limit), (points, truncated) => ({
      company: identityOfCompany(company),
      measure: input.measure,
      kind: measure.kind,
      formula: catalogued?.formula ?? null,
      unit: catalogued?.unit ?? newest[0]?.unit ?? null,
      basis: input.basis,
      period: input.period,
      as_of: asOf ?? null,
      points: [...points].reverse(),
      has_earlier: newest.length > input.limit,
      truncated,
      notes,
    }));
  },
  render(output) {
    const known = output.as_of === null ? 'as currently known' : `as known at ${output.as_of}`;
    const heading = `${companyPhrase(output.company)}: ${output.measure} (${output.kind}, ${output.basis}, ${output.period}), ${output.points.length} points ${known}:`;
    const footer = [
      ...(output.has_earlier ? ['Earlier periods exist: raise limit or set to_fiscal_year.'] : []),
      ...(output.truncated ? ['Older points were left out to keep the result small: set to_fiscal_year to read further back.'] : []),
      ...output.notes,
    ];
    return renderList(heading, output.points, (point) => pointLine(output.measure, output.kind, point), footer.join('\n') || undefined);
  },
});
