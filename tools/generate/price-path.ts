import type { PriceTruth } from './dataset-truth.ts';
import { hundredthsText } from '#platform/decimals';
import { bhavcopyNumber } from './write-bhavcopy.ts';
import type { DailyCandle } from './daily-candle.ts';
import { prngFor } from './prng.ts';

/** NSE's tick: prices move in steps of 5 paise. */
const TICK = 5;
const toTick = (paise: number) => Math.max(TICK, Math.round(paise / TICK) * TICK);

/**
 * Daily candles of a company over the given trading days, a random walk around a price
 * its earnings justify (`referencePaise`); every price a multiple of the tick and inside
 * its day's high and low.
 */
export function pricePath(
  seed: number,
  companyIndex: number,
  days: readonly string[],
  referencePaise: number,
  shares: number,
): DailyCandle[] {
  const rng = prngFor(seed, 'company', companyIndex, 'prices');
  let previousClose = toTick(referencePaise * rng.between(0.9, 1.1));
  return days.map((date) => {
    const open = toTick(previousClose * rng.between(0.99, 1.01));
    const close = toTick(previousClose * rng.between(0.965, 1.035));
    const high = Math.max(open, close, toTick(Math.max(open, close) * rng.between(1, 1.015)));
    const low = Math.min(open, close, toTick(Math.min(open, close) * rng.between(0.985, 1)));
    const last = Math.min(high, Math.max(low, close + TICK * rng.int(-1, 1)));
    const volume = Math.max(1, Math.round(shares * rng.between(0.0003, 0.004)));
    const average = low + Math.round((high - low) * rng.between(0.3, 0.7));
    const candle = {
      date,
      open,
      high,
      low,
      close,
      last,
      previousClose,
      volume,
      value: BigInt(volume) * BigInt(average),
      trades: Math.max(1, Math.round(volume / rng.between(20, 300))),
    };
    previousClose = close;
    return candle;
  });
}

/** A candle as the bhavcopy writes it and the parser must read it back. */
export function priceTruth(c: DailyCandle): PriceTruth {
  const number = bhavcopyNumber(c.date);
  return {
    date: c.date,
    open: number(c.open),
    high: number(c.high),
    low: number(c.low),
    close: number(c.close),
    previousClose: number(c.previousClose),
    volume: String(c.volume),
    // Parsers keep prices as written but read amounts as numbers: the shortest form.
    value: hundredthsText(c.value),
    trades: c.trades,
  };
}
