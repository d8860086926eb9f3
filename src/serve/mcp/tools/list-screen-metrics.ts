import { ListScreenMetricsInputSchema, ListScreenMetricsOutputSchema } from '#schemas/mcp';
import { SCREEN_OPERATORS } from '#schemas/read-models';
import { InvalidRequestError } from '#platform/errors';
import { SCREEN_SOURCES } from '#read/screening';
import { defineTool } from '../define-tool.ts';
import { rememberedCoverage } from '../remembered-coverage.ts';
import { pageLine, renderList } from '../render-text.ts';
import { fitPage, pageOf } from '../result-budget.ts';

const NOTE =
  "Pass a metric id with an operator and a value to screen_companies. Values are in the metric's unit: ratio metrics are fractions (0.15 = 15%), percent metrics are percentages (15 = 15%), INR metrics are rupees, INR/share rupees per share. A company without a value never passes a filter on it (missing is not 0); companies_with_value says how many can.";

export const listScreenMetricsTool = defineTool({
  name: 'list_screen_metrics',
  title: 'Screenable metrics, their units and live coverage',
  description: [
    "Lists every metric companies can be screened on (id, label, unit, description, source), how many companies have a value for each (counted from the data at counted_at; counts_current says whether data has been projected since), whether each source's dataset is available, and the six operators.",
    'Numeric company discovery is list_screen_metrics, then screen_companies with the ids listed here: the accepted metrics change with the data and are never guessed. The metrics are paged: page on with offset while page.next_offset is set.',
    "Values are in each metric's unit: ratios are fractions (0.15 = 15%), percent metrics are percentages.",
    'A metric with few or no companies covered, or an unavailable source, means a screen on it says little: disclose thin coverage, and see list_datasets.',
  ],
  input: ListScreenMetricsInputSchema,
  output: ListScreenMetricsOutputSchema,
  async run(input, { deps }) {
    const sources = input.source === undefined ? SCREEN_SOURCES : SCREEN_SOURCES.filter((s) => s.id === input.source);
    if (sources.length === 0) {
      throw new InvalidRequestError(
        `unknown screen source '${input.source}'; the sources are ${SCREEN_SOURCES.map((s) => s.id).join(', ')}, or omit source for all`,
      );
    }
    const { coverage, countedAt, current } = await rememberedCoverage(deps.db, deps.responses, sources, input.as_of ?? null);
    const metrics = coverage.flatMap((source) => source.metrics);
    const { offset, limit } = input;
    return fitPage(metrics.slice(offset, offset + limit), (page, truncated) => ({
      metrics: [...page],
      sources: coverage.map(({ metrics: _metrics, ...source }) => source),
      operators: [...SCREEN_OPERATORS],
      note: NOTE,
      counted_at: countedAt,
      counts_current: current,
      page: pageOf({ offset, limit, returned: page.length, total: metrics.length, truncated }),
    }));
  },
  render({ metrics, sources, operators, note, counted_at, counts_current, page }) {
    const sourceLines = sources.map((s) =>
      s.available
        ? `${s.id} (${s.dataset ?? 'no dataset'}): ${s.companies ?? 0} companies`
        : `${s.id} (${s.dataset ?? 'no dataset'}): unavailable, ${s.reason ?? 'unknown'}`,
    );
    const covered = (n: number | null) => (n === null ? 'not counted' : `${n} companies`);
    const counted = counts_current
      ? `Coverage counted at ${counted_at}.`
      : `Coverage counted at ${counted_at}; data has been projected since and is being recounted: call again for the new counts.`;
    return [
      `Sources: ${sourceLines.join('; ')}.`,
      counted,
      renderList(
        `${metrics.length} screenable metrics (operators ${operators.join(' ')}):`,
        metrics,
        (m) => `${m.id} [${m.unit}, ${m.source}]: ${m.label}; ${covered(m.companies_with_value)}`,
        `Metrics ${pageLine(page)}`,
      ),
      note,
    ].join('\n');
  },
});
