import { CORPORATE_ACTIONS } from '#projections/corporate-actions';
import { CANDLES, DAILY_FROM_BARS } from '#projections/prices';
import type { Exchange } from '#schemas/common';
import type { PriceAdjustMode, PriceRow } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { resolveSecurity, type SecurityReference } from '#read/identity';
import { listPriceSeries } from '#read/prices';
import { anyBetween, anyDayBetween } from './known-between.ts';

/** The exchange tickers with a daily candle (from a file, or built from bars) knowable at `asOf`, in order. */
async function tickersWithCandles(db: SqlExecutor, asOf: string): Promise<{ exchange: Exchange; ticker: string }[]> {
  const { rows } = await db.query<{ exchange: Exchange; ticker: string }>(
    `select exchange, ticker from ${CANDLES} where interval = '1d' and known_at <= $1::timestamptz
     union
     select exchange, ticker from ${DAILY_FROM_BARS} where known_at <= $1::timestamptz
     order by exchange, ticker`,
    [asOf],
  );
  return rows;
}

/**
 * Each security once: a company's tickers on an exchange are one security, however many of
 * them have candles. A ticker that resolves to a company without being one of its tickers
 * there (a DVR line's symbol names its issuer) is a security of its own, of that company, so
 * its candles are not lost.
 */
async function* securities(db: SqlExecutor, asOf: string): AsyncGenerator<SecurityReference, void, undefined> {
  const seen = new Set<string>();
  for (const { exchange, ticker } of await tickersWithCandles(db, asOf)) {
    const resolved = await resolveSecurity(db, `${exchange}:${ticker}`, exchange);
    const security = resolved.tickers.includes(ticker) ? resolved : { ...resolved, tickers: [ticker], isin: null };
    const key = `${exchange}\u0000${security.company?.id ?? ''}\u0000${security.tickers.join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    yield security;
  }
}

/** Before any candle an exchange published. */
const FIRST_INSTANT = '1900-01-01T00:00:00.000Z';

export interface PriceRowOptions {
  readonly adjust: PriceAdjustMode;
  readonly pageSize: number;
}

/**
 * Every security's daily candles as known at `asOf`, oldest first, adjusted (`adjust`) for
 * the corporate actions known by `asOf` that had gone ex by its day: `listPriceSeries`, as
 * /v1/prices?interval=1d&as_of=…&adjust=… reads a security named by its company, in pages of
 * `pageSize` candles (each page starting a millisecond after the last). A security is a
 * company's tickers on one exchange (a ticker no company holds, such as an index, stands for
 * itself); securities in the order of their first ticker.
 */
export async function* priceRows(db: SqlExecutor, asOf: string, options: PriceRowOptions): AsyncGenerator<PriceRow[], void, undefined> {
  for await (const security of securities(db, asOf)) {
    const company_id = security.company?.id ?? null;
    // From the first candle on: without a start, listCandles answers the newest `limit` candles.
    let start = FIRST_INSTANT;
    for (;;) {
      const series = { security, interval: '1d' as const, start, asOf, limit: options.pageSize, adjust: options.adjust, now: asOf };
      const { candles } = await listPriceSeries(db, series);
      if (candles.length > 0) yield candles.map((candle) => ({ company_id, ...candle }));
      const last = candles.at(-1);
      if (candles.length < options.pageSize || last === undefined) break;
      start = new Date(Date.parse(last.start) + 1).toISOString();
    }
  }
}

/**
 * Whether the candles as known at `to` may differ from those at `from` (earlier): a candle or
 * bar became knowable in between (a daily candle is knowable at its day's close, after it
 * starts), or an action that adjusts them did, or went ex (an action adjusts from its ex-date
 * on, once known).
 */
export async function pricesMayChange(db: SqlExecutor, from: string, to: string): Promise<boolean> {
  return (
    (await anyBetween(db, CANDLES, from, to)) ||
    (await anyBetween(db, DAILY_FROM_BARS, from, to)) ||
    (await anyBetween(db, CORPORATE_ACTIONS, from, to)) ||
    (await anyDayBetween(db, CORPORATE_ACTIONS, 'ex_date', from, to))
  );
}
