import type { Candle, Quote } from '#schemas/read-models';
import { istDayOf } from './price-rows.ts';

export type PreviousClose = Pick<Quote, 'previous_close' | 'previous_close_source' | 'previous_close_at' | 'previous_close_gap_weekdays'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday to Friday strictly between two days (YYYY-MM-DD, `from` before `to`). */
export function weekdaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = Date.parse(from) + DAY_MS; day < Date.parse(to); day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

/**
 * The previous close a price of `day` is compared against: the one its source states, else
 * the close of the security's newest daily candle before that day, with the weekdays between
 * (a gap is said, never hidden). None at all is null, never 0.
 */
export function previousCloseOf(day: string, stated: string | null, before: Candle | undefined): PreviousClose {
  if (stated !== null)
    return { previous_close: stated, previous_close_source: 'stated', previous_close_at: null, previous_close_gap_weekdays: null };
  if (!before) return { previous_close: null, previous_close_source: null, previous_close_at: null, previous_close_gap_weekdays: null };
  return {
    previous_close: before.close,
    previous_close_source: before.derived ? 'derived_candle' : 'daily_candle',
    previous_close_at: before.start,
    previous_close_gap_weekdays: weekdaysBetween(istDayOf(before.start), day),
  };
}
