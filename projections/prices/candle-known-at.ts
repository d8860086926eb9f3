import type { PriceInterval } from '#schemas/common';
import { istDateOf, istToIso } from '#platform/time';

const MINUTE_MS = 60_000;
const BAR_MINUTES: Readonly<Record<Exclude<PriceInterval, '1d'>, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '1h': 60 };

/**
 * When a daily candle's close became final: 15:30 IST of its trading day (the IST date of
 * its start, which is 09:15 IST). A Muhurat session closes later; see docs/prices.md.
 */
const dailyCloseAt = (start: string): string => istToIso(istDateOf(start), 15, 30);

/**
 * The instant a candle itself was knowable, whatever file it arrived in (docs/prices.md,
 * "knownAt"): a daily candle at its day's close, when its open, high, low, close and volume
 * are final; an intraday bar at its end, its start plus its length. A file spanning years
 * is knowable only at its newest candle's close, but each of its candles long before: this,
 * not the file's time, is a candle's `known_at`.
 */
export function candleKnownAt(candle: { readonly start: string; readonly interval: PriceInterval }): string {
  if (candle.interval === '1d') return dailyCloseAt(candle.start);
  return new Date(Date.parse(candle.start) + BAR_MINUTES[candle.interval] * MINUTE_MS).toISOString();
}
