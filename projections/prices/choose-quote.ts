import type { Candle, Quote } from '../../schemas/read-models/price.ts';
import { priceChange } from './price-change.ts';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * When a daily candle's close became the last price: 15:30 IST of its trading day (the
 * IST date of its start, which is 09:15 IST). A Muhurat session closes later; see
 * docs/prices.md.
 */
export function dailyCloseAt(candle: Pick<Candle, 'start'>): string {
  const istDate = new Date(Date.parse(candle.start) + IST_OFFSET_MS).toISOString().slice(0, 10);
  return new Date(`${istDate}T15:30:00+05:30`).toISOString();
}

/**
 * A quote built from the newest daily candle: its close is the last price, and the close
 * of the candle before it (if the data holds one) the previous close. `candles` are
 * oldest first, as `listCandles` returns them.
 */
export function quoteFromCandles(candles: readonly Candle[]): Quote | undefined {
  const latest = candles.at(-1);
  if (!latest) return undefined;
  const previous = candles.length > 1 ? candles.at(-2) : undefined;
  return {
    exchange: latest.exchange,
    ticker: latest.ticker,
    series: latest.series,
    isin: latest.isin,
    source: 'candle',
    as_of: dailyCloseAt(latest),
    last_price: latest.close,
    open: latest.open,
    high: latest.high,
    low: latest.low,
    previous_close: previous?.close ?? null,
    previous_close_at: previous?.start ?? null,
    ...priceChange(latest.close, previous?.close ?? null),
    volume: latest.volume,
    value: latest.value,
    high_52: null,
    low_52: null,
    known_at: latest.known_at,
    recorded_at: latest.recorded_at,
    source_url: latest.source_url,
    source_document: latest.source_document,
  };
}

/**
 * The newest price: the snapshot, unless there is none or the newest daily candle closed
 * after it was taken (a close is final; a snapshot taken during that day is not).
 */
export function chooseQuote(snapshot: Quote | undefined, dailyCandles: readonly Candle[]): Quote | undefined {
  const fromCandle = quoteFromCandles(dailyCandles);
  if (!snapshot) return fromCandle;
  if (!fromCandle) return snapshot;
  return Date.parse(snapshot.as_of) >= Date.parse(fromCandle.as_of) ? snapshot : fromCandle;
}
