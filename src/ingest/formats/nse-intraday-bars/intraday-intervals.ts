import type { PriceInterval } from '#schemas/common';

/** The intraday intervals of SPEC.md and their length in minutes. */
export const INTRADAY_MINUTES = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '1h': 60 } as const satisfies Partial<
  Record<PriceInterval, number>
>;
export type IntradayInterval = keyof typeof INTRADAY_MINUTES;

const INTERVALS = Object.keys(INTRADAY_MINUTES) as IntradayInterval[];

/**
 * The intervals bars of `barMinutes` give: their own, and every longer intraday interval
 * that is a whole number of bars (5-minute bars: 5m, 15m, 30m, 1h; never 1m). Null when the
 * bar length is not one of the intervals.
 */
export function intervalsFromBars(barMinutes: number): { native: IntradayInterval; derived: IntradayInterval[] } | null {
  const native = INTERVALS.find((interval) => INTRADAY_MINUTES[interval] === barMinutes);
  if (!native) return null;
  const derived = INTERVALS.filter((i) => INTRADAY_MINUTES[i] > barMinutes && INTRADAY_MINUTES[i] % barMinutes === 0);
  return { native, derived };
}
