import type { Exchange } from '#schemas/common';
import type { SqlExecutor } from '#platform/db';
import { LATEST_CANDLES, QUOTES } from './tables.ts';

export interface SecurityRef {
  readonly exchange: Exchange;
  readonly tickers: readonly string[];
  readonly isin?: string | null | undefined;
}

/**
 * The tickers to read: those given (symbols are upper case in every exchange file), plus
 * any ticker a price file of the exchange stated beside the ISIN. Files that state no ISIN
 * (the daily history, intraday bars) are still found through their ticker.
 */
export async function tickersOf(db: SqlExecutor, ref: SecurityRef): Promise<string[]> {
  const tickers = new Set(ref.tickers.map((ticker) => ticker.trim().toUpperCase()).filter((ticker) => ticker !== ''));
  if (ref.isin) {
    const { rows } = await db.query<{ ticker: string }>(
      `select ticker from ${LATEST_CANDLES} where exchange = $1 and isin = $2
       union select ticker from ${QUOTES} where exchange = $1 and isin = $2`,
      [ref.exchange, ref.isin.trim().toUpperCase()],
    );
    for (const row of rows) tickers.add(row.ticker);
  }
  return [...tickers];
}
