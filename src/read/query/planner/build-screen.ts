import type { ScreenPredicate } from '#schemas/read-models';
import type { Comparison } from './extract-comparisons.ts';
import type { Ranking } from './extract-ranking.ts';
import { isScreenMetric } from './metric-units.ts';
import type { LeftOut } from './left-out.ts';
import { thresholdValue } from './threshold-value.ts';

/** Screen predicates, sort and page size for a hybrid_screen plan. */
export interface ScreenRead {
  readonly filters: ScreenPredicate[];
  readonly sort: string | null;
  readonly limit: number | undefined;
  readonly notes: readonly string[];
  /** The comparisons asked for that the screen does not apply, and why. */
  readonly leftOut: readonly LeftOut[];
}

const MAX_FILTERS = 8;
const NOT_SCREENABLE = 'only ratios, growth, ownership percentages, price and market_cap can screen companies (list_screen_metrics)';

function buildFilters(comparisons: readonly Comparison[], notes: string[], omitted: LeftOut[]): ScreenPredicate[] {
  const filters: ScreenPredicate[] = [];
  for (const { metric, operator, amount } of comparisons) {
    const written = `${metric?.text ?? '?'} ${operator} ${amount.text.trim()}`;
    const leftOut = (why: string) => {
      notes.push(`"${written}" left out: ${why}`);
      omitted.push({ what: 'filter', written, why });
    };
    if (!metric?.id) leftOut('no metric named for it');
    else if (!isScreenMetric(metric.id)) leftOut(`${metric.id} is not screenable; ${NOT_SCREENABLE}`);
    else if (filters.length >= MAX_FILTERS) leftOut(`at most ${MAX_FILTERS} filters`);
    else {
      const threshold = thresholdValue(metric.id, amount);
      if (!threshold.ok) leftOut(threshold.problem);
      else {
        filters.push({ metric: metric.id, operator, value: threshold.value });
        notes.push(`filter: ${metric.id} ${operator} ${threshold.value} (${threshold.unit})${threshold.note ? `; ${threshold.note}` : ''}`);
      }
    }
  }
  return filters;
}

function buildSort(ranking: Ranking | undefined, notes: string[]): string | null {
  if (!ranking) return null;
  const sign = ranking.direction === 'desc' ? '-' : '';
  const id = ranking.metric?.id;
  if (id && isScreenMetric(id)) return `${sign}${id}`;
  if (id) {
    notes.push(`sort by ${id} left out: ${NOT_SCREENABLE}`);
    return null;
  }
  // "top 10 companies", "5 largest companies": size, as Indian market lists rank them.
  notes.push('no metric to rank by: market_cap is used');
  return `${sign}market_cap`;
}

/**
 * Comparisons on screenable metrics become predicates in the metric's unit (ratios 0.2 for
 * 20%, ownership 20 for 20%, market cap in rupees); a ranking becomes the sort, "-" first
 * for descending; a count ("top 10") becomes the limit, which the plan has no field for.
 */
export function buildScreen(comparisons: readonly Comparison[], ranking: Ranking | undefined): ScreenRead {
  const notes: string[] = [];
  const leftOut: LeftOut[] = [];
  const filters = buildFilters(comparisons, notes, leftOut);
  const sort = buildSort(ranking, notes);
  if (sort) notes.push(`sort: ${sort}`);
  const limit = ranking?.limit;
  if (limit !== undefined) notes.push(`limit: ${limit} companies (the plan has no limit field)`);
  return { filters, sort, limit, notes, leftOut };
}
