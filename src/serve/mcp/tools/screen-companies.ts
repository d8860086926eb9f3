import type { z } from 'zod';
import { type CrossSectionInput, type ScreenCompaniesOutput, ScreenCompaniesInputSchema, ScreenCompaniesOutputSchema } from '#schemas/mcp';
import { type FactConcept, instantOf } from '#schemas/common';
import type { ScreenPredicate, ScreenResult, ScreenResultRow } from '#schemas/read-models';
import type { DatasetName } from '#read/datasets';
import { AppError, ScreenRequestError } from '#platform/errors';
import { companyPhrase, ratioReading } from '#read/phrases';
import { screenCompanies, crossSectionScreen, SCREEN_WHITELIST, readScreenThresholds } from '#read/screening';
import { crossSectionPeriodOf } from '#projections/facts';
import { defineTool, type ToolContext } from '../define-tool.ts';
import { requireMeasureId } from '../measure-ids.ts';
import { pageLine, renderList } from '../render-text.ts';
import { fitPage, pageOf } from '../result-budget.ts';

const NOTE =
  "Values are exact decimal strings in each metric's unit (ratios: 0.15 = 15%); periods say which period and basis each source took them from, when the newest input was known (known_at) and each input with its filing. as_of null means the latest knowledge; with as_of, nothing known later is used. A company without a value never passes a filter (missing is not 0), so an empty or short result is not proof that no company qualifies: check list_screen_metrics coverage and list_datasets.";

const CROSS_SECTION_NOTE =
  "A plain cross-section: each row is one company's reported value of the concept for the period, on the basis its period entry states (a row per basis unless basis was given), exact and unscaled in the metric's unit (rupees, not crore), with its filing and known_at. With as_of, each value is the version known then: a later restatement is not used. A company that had not reported the figure by as_of, or never did, is absent: missing is not 0, and total counts only those that had. An empty or short result is not proof of absence: check list_datasets.";

type Input = z.output<typeof ScreenCompaniesInputSchema>;

/** The datasets whose rows the filters read: a screen on an unavailable one would be silently empty. */
const datasetsOf = (filters: readonly ScreenPredicate[]): DatasetName[] => [
  ...new Set(filters.flatMap((f) => SCREEN_WHITELIST.get(f.metric)?.source.dataset ?? [])),
];

/** An input the schema cannot refuse (it spans fields, or names an id), answered as the screen's own invalid requests are. */
const invalid = (loc: string, msg: string, input: unknown) =>
  new ScreenRequestError([{ loc: loc.split('.'), msg, type: 'value_error', input }]);

/** The one kind of call the input makes: a screen (filters) or a plain cross-section, never both or neither. */
function checkKind(input: Input): void {
  if (input.cross_section === undefined && input.filters.length === 0) {
    throw invalid(
      'filters',
      'give filters (1 to 8, a screen) or cross_section (one concept for one period over every company)',
      input.filters,
    );
  }
  if (input.cross_section !== undefined && input.filters.length > 0) {
    throw invalid('cross_section', 'give a screen (filters) or a cross-section (cross_section), not both', input.cross_section);
  }
  if (input.cross_section !== undefined && (input.sort ?? null) !== null) {
    throw invalid('sort', 'a cross-section is in company order and takes no sort; sort is for a screen', input.sort);
  }
}

/** The result with its page and what else the output says, fitted to one tool result. */
const paged = (input: Input, result: ScreenResult, extra: Pick<ScreenCompaniesOutput, 'note' | 'cross_section' | 'interpreted'>) =>
  fitPage(result.rows, (rows, truncated) => ({
    ...result,
    rows: [...rows],
    page: pageOf({ offset: input.offset, limit: input.limit, returned: rows.length, total: result.total, truncated }),
    ...extra,
  }));

async function runScreen(input: Input, { deps }: ToolContext) {
  const read = readScreenThresholds(input.filters);
  for (const dataset of datasetsOf(read.filters)) await deps.datasets.require(dataset);
  const result = await screenCompanies(deps.db, {
    filters: read.filters,
    sort: input.sort,
    limit: input.limit,
    offset: input.offset,
    asOf: input.as_of,
  }).catch((error: unknown) => {
    if (!(error instanceof ScreenRequestError)) throw error;
    throw new AppError(
      error.code,
      error.status,
      `${error.message}. Call list_screen_metrics for the accepted metric ids, their units and coverage.`,
      { cause: error },
    );
  });
  return paged(input, result, { note: NOTE, ...(read.interpreted.length > 0 ? { interpreted: read.interpreted } : {}) });
}

/** The reported concept cross_section names; an unknown id is an error listing the valid ones, a derived one says to screen on it. */
function reportedConcept(id: string): FactConcept {
  const measure = requireMeasureId(id);
  if (measure.kind === 'reported') return measure.concept;
  throw invalid(
    'cross_section.concept',
    `${id} is derived, not reported: a cross-section lists a reported concept; screen on ${id} with filters`,
    id,
  );
}

async function runCrossSection(input: Input, section: CrossSectionInput, { deps }: ToolContext) {
  const concept = reportedConcept(section.concept);
  await deps.datasets.require('financials');
  const { length, period } = crossSectionPeriodOf(section);
  const result = await crossSectionScreen(deps.db, {
    concept,
    length,
    period,
    basis: section.basis,
    asOf: instantOf(input.as_of),
    limit: input.limit,
    offset: input.offset,
  });
  const echo = {
    concept,
    period: length,
    fiscal_year: section.fiscal_year ?? null,
    fiscal_quarter: section.fiscal_quarter ?? null,
    calendar_quarter: section.calendar_quarter ?? null,
    basis: section.basis ?? null,
  };
  return paged(input, result, { note: CROSS_SECTION_NOTE, cross_section: echo });
}

const rowLine = (row: ScreenResultRow): string => {
  const values = Object.entries(row.values).map(([id, value]) => `${id} ${value === null ? 'unavailable' : ratioReading(id, value)}`);
  const periods = row.periods.map(
    (p) =>
      `${p.source}: ${[p.basis, p.period_type, p.fiscal_year ? `FY${p.fiscal_year}` : null, `to ${p.period_end}`, p.known_at ? `known ${p.known_at}` : null].filter(Boolean).join(' ')}`,
  );
  return `${companyPhrase(row.company)} [${row.company.id}]: ${values.join(', ')} (${periods.join('; ')})`;
};

/** The period a cross-section read, in words: "Q3 FY2025", "FY2025", "the quarter ending in 2024Q4". */
function periodWords(echo: NonNullable<ScreenCompaniesOutput['cross_section']>): string {
  if (echo.calendar_quarter !== null)
    return `the ${echo.period === 'annual' ? 'year' : 'quarter'} ending in calendar ${echo.calendar_quarter}`;
  return echo.fiscal_quarter === null ? `FY${echo.fiscal_year}` : `Q${echo.fiscal_quarter} FY${echo.fiscal_year}`;
}

function heading({ as_of: asOf, total, metrics, cross_section: echo, interpreted }: ScreenCompaniesOutput): string {
  const units = metrics.map((m) => `${m.id} in ${m.unit}`).join(', ');
  const when = asOf ? `as known at ${asOf}` : 'on the latest knowledge';
  if (!echo) return [`${total} companies pass the screen ${when} (${units}).`, ...(interpreted ?? [])].join(' ');
  const who = echo.basis === null ? `${total} figures (a row per company and basis)` : `${total} companies`;
  const basis = echo.basis === null ? '' : ` (${echo.basis})`;
  return `${who} reported ${echo.concept}${basis} for ${periodWords(echo)} ${when} (${units}); companies that had not are absent.`;
}

export const screenCompaniesTool = defineTool({
  name: 'screen_companies',
  title: 'Screen companies on numeric metrics',
  description: [
    "Finds the companies whose metrics satisfy every filter (1 to 8 ScreenPredicates: metric, operator, value), evaluated exactly by the data store, never by a model; with each company's values and their period and basis, sorted and paged, and the total.",
    'Numeric company discovery: call list_screen_metrics first for the accepted metric ids, their units and coverage, then this tool. Values are in the metric\'s unit: ratios as fractions (net_margin > 0.15 means above 15%), percent metrics as percentages; give a decimal as a number or a string like "0.15".',
    'Sort by a metric id, "-id" for descending. A company without a value never passes a filter. An empty result is not proof of absence: check coverage and list_datasets. Data only, no recommendation.',
    'Instead of filters, cross_section lists one reported concept for one period over every company: {"cross_section": {"concept": "Revenue", "fiscal_year": 2025, "fiscal_quarter": 3}, "as_of": "2025-02-01"}, each value with its filing; a company that had not reported by as_of is absent, not zero.',
  ],
  input: ScreenCompaniesInputSchema,
  output: ScreenCompaniesOutputSchema,
  async run(input, context) {
    checkKind(input);
    return input.cross_section === undefined ? runScreen(input, context) : runCrossSection(input, input.cross_section, context);
  },
  render(output) {
    return renderList(heading(output), output.rows, rowLine, pageLine(output.page));
  },
});
