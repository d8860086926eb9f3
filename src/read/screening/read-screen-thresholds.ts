import type { ScreenFilterInput, ScreenPredicate } from '#schemas/read-models';
import { compareDecimals, shiftDecimal } from '#platform/decimals';
import { ScreenRequestError } from '#platform/errors';
import { BOUNDED_RATIOS, SCREEN_METRICS } from '#read/metrics';

/** Filters in their metrics' units, and how each converted value was read. */
export interface ReadThresholds {
  readonly filters: ScreenPredicate[];
  readonly interpreted: string[];
}

function readOne(filter: ScreenFilterInput, index: number): { filter: ScreenPredicate; note?: string } {
  const unit = SCREEN_METRICS.get(filter.metric)?.unit;
  const written = String(filter.value).trim();
  const percent = written.endsWith('%') ? written.slice(0, -1).trim() : undefined;
  if (percent !== undefined) {
    if (unit === 'ratio') {
      const value = shiftDecimal(percent, -2);
      return { filter: { ...filter, value }, note: `${filter.metric} ${filter.operator} ${written}: read as the ratio ${value}` };
    }
    if (unit === 'percent')
      return {
        filter: { ...filter, value: percent },
        note: `${filter.metric} ${filter.operator} ${written}: read as ${percent} (percent)`,
      };
    if (unit === undefined) return { filter: { ...filter, value: percent } };
    throw new ScreenRequestError([
      {
        loc: ['filters', index, 'value'],
        msg: `${written} is a percentage, but ${filter.metric} is in ${unit}`,
        type: 'value_error',
        input: filter.value,
      },
    ]);
  }
  // A bare 15 on a bounded ratio can only mean 15%. Growth and the other ratios can exceed 1:
  // only "15%" converts them.
  if (BOUNDED_RATIOS.has(filter.metric) && compareDecimals(written.replace(/^[+-]/, ''), '1') > 0) {
    const value = shiftDecimal(written, -2);
    return {
      filter: { ...filter, value },
      note: `${filter.metric} ${filter.operator} ${written}: ${filter.metric} is a ratio (0.15 = 15%), so ${written} is read as ${written}% = ${value}`,
    };
  }
  return { filter: { ...filter, value: filter.value } };
}

/**
 * Screen filters as people write them, in each metric's unit: "15%" on a ratio is 0.15 and
 * on a percent metric 15; a bare number above 1 on a margin, return or tax rate is a
 * percentage (net_margin > 15 means above 15%). Each conversion is stated, so the caller can
 * echo it; a percentage on a money metric is refused. Unknown metrics pass through for the
 * screen to refuse. Pure.
 */
export function readScreenThresholds(filters: readonly ScreenFilterInput[]): ReadThresholds {
  const read = filters.map((filter, index) => readOne(filter, index));
  return { filters: read.map((r) => r.filter), interpreted: read.flatMap((r) => (r.note ? [r.note] : [])) };
}
