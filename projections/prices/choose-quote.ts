import type { Candle, Quote } from '#schemas/read-models';
import { candleKnownAt } from './candle-known-at.ts';
import { type PreviousClose, previousCloseOf } from './previous-close.ts';
import { priceChange } from './price-change.ts';
import { istDayOf } from './price-rows.ts';

/** The day's trading so far, from its bars up to the quoted one. */
export interface DaySoFar {
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly volume: string | null;
}

/** A candle-built quote before its age is known (`withAge`). */
export type QuoteWithoutAge = Omit<Quote, 'age_seconds'>;

/**
 * A quote built from a candle: its close is the last price. A daily candle gives the day's
 * open, high, low, volume and value; a bar gives the day's so far (`day`).
 */
export function quoteFromCandle(candle: Candle, previous: PreviousClose, day?: DaySoFar): QuoteWithoutAge {
  return {
    exchange: candle.exchange,
    ticker: candle.ticker,
    series: candle.series,
    isin: candle.isin,
    source: candle.interval === '1d' ? 'candle' : 'bar',
    interval: candle.interval,
    as_of: candleKnownAt(candle),
    last_price: candle.close,
    open: day?.open ?? candle.open,
    high: day?.high ?? candle.high,
    low: day?.low ?? candle.low,
    ...previous,
    ...priceChange(candle.close, previous.previous_close),
    volume: day ? day.volume : candle.volume,
    value: day ? null : candle.value,
    high_52: null,
    low_52: null,
    known_at: candle.known_at,
    recorded_at: candle.recorded_at,
    source_url: candle.source_url,
    source_file: candle.source_file,
    source_document: candle.source_document,
  };
}

/** A quote from the newest daily candle alone and the candle before it, when the data holds one. */
export function quoteFromCandles(candles: readonly Candle[]): QuoteWithoutAge | undefined {
  const latest = candles.at(-1);
  if (!latest) return undefined;
  const before = candles.length > 1 ? candles.at(-2) : undefined;
  return quoteFromCandle(latest, previousCloseOf(istDayOf(latest.start), latest.previous_close, before));
}

/** What the latest price may come from; any may be missing. */
export interface QuoteCandidates<S extends { as_of: string }> {
  readonly snapshot?: S | undefined;
  /** The newest daily candle from a daily file. */
  readonly daily?: Candle | undefined;
  /** The newest intraday bar (5m or 1m). */
  readonly bar?: Candle | undefined;
}

export type ChosenPrice<S> =
  | { readonly kind: 'snapshot'; readonly snapshot: S }
  | { readonly kind: 'daily'; readonly candle: Candle }
  | { readonly kind: 'bar'; readonly candle: Candle };

/**
 * The newest price: whichever became current last. On a tie a snapshot wins (it states
 * more), then the daily close (NSE's official close, where the last bar's close is not).
 */
export function chooseQuote<S extends { as_of: string }>(candidates: QuoteCandidates<S>): ChosenPrice<S> | undefined {
  const ranked: Array<{ at: number; chosen: ChosenPrice<S> }> = [];
  if (candidates.snapshot)
    ranked.push({ at: Date.parse(candidates.snapshot.as_of), chosen: { kind: 'snapshot', snapshot: candidates.snapshot } });
  if (candidates.daily)
    ranked.push({ at: Date.parse(candleKnownAt(candidates.daily)), chosen: { kind: 'daily', candle: candidates.daily } });
  if (candidates.bar) ranked.push({ at: Date.parse(candleKnownAt(candidates.bar)), chosen: { kind: 'bar', candle: candidates.bar } });
  // Stable: among equal times the order above stands.
  return ranked.sort((a, b) => b.at - a.at)[0]?.chosen;
}

/** The quote with its age: whole seconds from its as_of to `reference` (never negative). */
export function withAge(quote: QuoteWithoutAge, reference: string): Quote {
  const age = Math.floor((Date.parse(reference) - Date.parse(quote.as_of)) / 1000);
  return { ...quote, age_seconds: Math.max(0, age) };
}
