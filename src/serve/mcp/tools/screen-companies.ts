import { ScreenCompaniesInputSchema, ScreenCompaniesOutputSchema } from '../../../../schemas/mcp/screen-companies.ts';
import type { ScreenPredicate, ScreenResultRow } from '../../../../schemas/read-models/screen.ts';
import type { DatasetName } from '../../../read/datasets/dataset-catalogue.ts';
import { AppError } from '../../../platform/errors/index.ts';
import { companyPhrase } from '../../../read/phrases/company-phrase.ts';
import { screenCompanies } from '../../../read/screening/screen-companies.ts';
import { ScreenRequestError } from '../../../platform/errors/index.ts';
import { SCREEN_WHITELIST } from '../../../read/screening/screen-sources.ts';
import { readScreenThresholds } from '../../../read/screening/read-screen-thresholds.ts';
import { ratioReading } from '../../../read/phrases/ratio-reading.ts';
import { defineTool } from '../define-tool.ts';
import { pageLine, renderList } from '../render-text.ts';
import { fitPage, pageOf } from '../result-budget.ts';

const NOTE =
  "Values are exact decimal strings in each metric's unit (ratios: 0.15 = 15%); periods say which period and basis each source took them from, when the newest input was known (known_at) and each input with its filing. as_of null means the latest knowledge; with as_of, nothing known later is used. A company without a value never passes a filter (missing is not 0), so an empty or short result is not proof that no company qualifies: check list_screen_metrics coverage and list_datasets.";

/** The datasets whose rows the filters read: a screen on an unavailable one would be silently empty. */
const datasetsOf = (filters: readonly ScreenPredicate[]): DatasetName[] => [
  ...new Set(filters.flatMap((f) => SCREEN_WHITELIST.get(f.metric)?.source.dataset ?? [])),
];

const rowLine = (row: ScreenResultRow): string => {
  const values = Object.entries(row.values).map(([id, value]) => `${id} ${value === null ? 'unavailable' : ratioReading(id, value)}`);
  const periods = row.periods.map(
    (p) =>
      `${p.source}: ${[p.basis, p.period_type, p.fiscal_year ? `FY${p.fiscal_year}` : null, `to ${p.period_end}`, p.known_at ? `known ${p.known_at}` : null].filter(Boolean).join(' ')}`,
  );
  return `${companyPhrase(row.company)} [${row.company.id}]: ${values.join(', ')} (${periods.join('; ')})`;
};

export const screenCompaniesTool = defineTool({
  name: 'screen_companies',
  title: 'Screen companies on numeric metrics',
  description: [
    "Finds the companies whose metrics satisfy every filter (1 to 8 ScreenPredicates: metric, operator, value), evaluated exactly by the data store, never by a model; with each company's values and the period and basis they come from, sorted and paged, and the total.",
    'Numeric company discovery: call list_screen_metrics first for the accepted metric ids, their units and coverage, then this tool. Values are in the metric\'s unit: ratios as fractions (net_margin > 0.15 means above 15%), percent metrics as percentages; give a decimal as a number or a string like "0.15".',
    'Sort by a metric id, "-id" for descending. A company without a value never passes a filter. An empty result is not proof of absence: check coverage and list_datasets. Data only, no recommendation.',
  ],
  input: ScreenCompaniesInputSchema,
  output: ScreenCompaniesOutputSchema,
  async run(input, { deps }) {
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
    return fitPage(result.rows, (rows, truncated) => ({
      ...result,
      rows: [...rows],
      page: pageOf({ offset: input.offset, limit: input.limit, returned: rows.length, total: result.total, truncated }),
      note: NOTE,
      ...(read.interpreted.length > 0 ? { interpreted: read.interpreted } : {}),
    }));
  },
  render({ as_of: asOf, total, metrics, rows, page, interpreted }) {
    const units = metrics.map((m) => `${m.id} in ${m.unit}`).join(', ');
    const when = asOf ? `as known at ${asOf}` : 'on the latest knowledge';
    const head = [`${total} companies pass the screen ${when} (${units}).`, ...(interpreted ?? [])].join(' ');
    return renderList(head, rows, rowLine, pageLine(page));
  },
});
