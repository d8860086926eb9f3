import type { PriceInterval } from '../../schemas/common/vocabularies.ts';

/** Length of a bar of each intraday interval, as PostgreSQL interval text. */
const BAR_LENGTH: Readonly<Record<Exclude<PriceInterval, '1d'>, string>> = {
  '1m': '1 minute',
  '5m': '5 minutes',
  '15m': '15 minutes',
  '30m': '30 minutes',
  '1h': '1 hour',
};

/**
 * SQL over a candle row alias: the instant the candle itself was knowable, whatever file it
 * arrived in (docs/prices.md, "knownAt"). A daily candle at its day's close, 15:30 IST, when
 * its open, high, low, close and volume are final; an intraday bar at its end, its start
 * plus its length. A history file's `known_at` is its newest candle's, so this, not the
 * stored `known_at`, is what an as-of read of candles compares. Fixed text, no input in it.
 */
export function candleKnownAtSql(alias: string): string {
  const bars = Object.entries(BAR_LENGTH).map(([interval, length]) => `when '${interval}' then ${alias}.start + interval '${length}'`);
  return `(case ${alias}.interval
            when '1d' then ${dailyCloseKnownAtSql(alias)}
            ${bars.join('\n            ')}
          end)`;
}

/** The same for a row known to be a daily candle: 15:30 IST of its day. */
export const dailyCloseKnownAtSql = (alias: string): string =>
  `(((${alias}.start at time zone 'Asia/Kolkata')::date + time '15:30') at time zone 'Asia/Kolkata')`;
