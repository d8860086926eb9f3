import type { Quote } from '../../schemas/read-models/price.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import { toPgArray } from '../../src/db/pg-array.ts';
import { chooseQuote } from './choose-quote.ts';
import { SERIES_RANK_SQL, seriesFilterSql } from './equity-series.ts';
import { listCandles } from './list-candles.ts';
import { priceChange } from './price-change.ts';
import { QUOTES } from './tables.ts';
import { type SecurityRef, tickersOf } from './tickers-of.ts';
import { statedOrNull } from './to-candle.ts';

export interface LatestQuoteParams extends SecurityRef {
  /** Only this series; by default the series a share trades under. */
  readonly series?: string | null | undefined;
}

interface QuoteRowRead {
  exchange: Quote['exchange'];
  ticker: string;
  at: Date;
  series: string;
  isin: string | null;
  last_price: string;
  open: string | null;
  high: string | null;
  low: string | null;
  previous_close: string | null;
  change: string | null;
  change_percent: string | null;
  volume: string | null;
  value: string | null;
  high_52: string | null;
  low_52: string | null;
  known_at: Date;
  recorded_at: Date;
  source_url: string | null;
  source_document: string;
}

/** A snapshot as published; a change it leaves out is computed from its previous close. */
function toQuote(row: QuoteRowRead): Quote {
  const computed = priceChange(row.last_price, row.previous_close);
  return {
    exchange: row.exchange,
    ticker: row.ticker,
    series: statedOrNull(row.series),
    isin: row.isin,
    source: 'quote',
    as_of: row.at.toISOString(),
    last_price: row.last_price,
    open: row.open,
    high: row.high,
    low: row.low,
    previous_close: row.previous_close,
    previous_close_at: null,
    change: row.change ?? computed.change,
    change_percent: row.change_percent ?? computed.change_percent,
    volume: row.volume,
    value: row.value,
    high_52: row.high_52,
    low_52: row.low_52,
    known_at: row.known_at.toISOString(),
    recorded_at: row.recorded_at.toISOString(),
    source_url: row.source_url,
    source_document: statedOrNull(row.source_document),
  };
}

// Each ticker's newest few snapshots in primary-key order (no sort of its whole history),
// then the newest overall, the best-ranked series first on a tie.
const NEWEST_SNAPSHOT = `
  select t.* from unnest($2::text[]) as k(ticker)
  cross join lateral (
    select * from ${QUOTES} t
    where t.exchange = $1 and t.ticker = k.ticker and ${seriesFilterSql('$3')}
    order by t.at desc, t.series desc
    limit 4
  ) t
  order by t.at desc, ${SERIES_RANK_SQL}, t.known_at desc
  limit 1`;

/**
 * The latest price of a security: its newest quote snapshot, or a quote built from its
 * newest daily candle when there is no snapshot or the candle closed after it (`source`
 * says which). Undefined when the service holds neither.
 */
export async function getLatestQuote(db: SqlExecutor, params: LatestQuoteParams): Promise<Quote | undefined> {
  const tickers = await tickersOf(db, params);
  if (tickers.length === 0) return undefined;
  const series = params.series ?? null;
  const { rows } = await db.query<QuoteRowRead>(NEWEST_SNAPSHOT, [params.exchange, toPgArray(tickers), series]);
  const candles = await listCandles(db, { exchange: params.exchange, tickers, series, interval: '1d', limit: 2 });
  return chooseQuote(rows[0] && toQuote(rows[0]), candles);
}
