import type { Candle } from '#schemas/read-models';
import { type Fraction, scaled, times } from '#projections/corporate-actions';
import type { PriceFactor } from './price-factors.ts';
import { istDayOf } from '#projections/prices';

/** Decimal places of an adjusted price or volume (a hundredth of a paisa). */
export const ADJUSTED_DECIMALS = 4;

interface Cumulative {
  readonly price: Fraction | null;
  readonly shares: Fraction | null;
}

/** The product of the applied factors of the actions that went ex after `day`; null for none. */
function cumulativeAfter(factors: readonly PriceFactor[], day: string): Cumulative {
  let price: Fraction | null = null;
  let shares: Fraction | null = null;
  for (const factor of factors) {
    if (factor.shown.ex_date <= day) continue;
    if (factor.price) price = price ? times(price, factor.price) : factor.price;
    if (factor.shares) shares = shares ? times(shares, factor.shares) : factor.shares;
  }
  return { price, shares };
}

/**
 * Backward adjustment: each candle before an ex-date has its open, high, low and close
 * multiplied by the product of the price factors of the later actions, and its volume by
 * the product of their share factors, exactly, then rounded half away from zero to 4
 * places. Value (price times volume) and trades do not change. A stated previous close is
 * dropped (null): whether a file's previous close on an ex-date is already adjusted differs
 * by source. Pure.
 */
export function adjustCandles(candles: readonly Candle[], factors: readonly PriceFactor[]): Candle[] {
  return candles.map((candle) => {
    const { price, shares } = cumulativeAfter(factors, istDayOf(candle.start));
    const p = (value: string) => (price ? scaled(value, price, ADJUSTED_DECIMALS) : value);
    return {
      ...candle,
      open: p(candle.open),
      high: p(candle.high),
      low: p(candle.low),
      close: p(candle.close),
      volume: candle.volume !== null && shares ? scaled(candle.volume, shares, ADJUSTED_DECIMALS) : candle.volume,
      previous_close: null,
    };
  });
}
