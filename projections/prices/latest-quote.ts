import type { Candle, Quote } from '#schemas/read-models';
import { type SqlExecutor, toPgArray } from '#platform/db';
import { chooseQuote, type DaySoFar, quoteFromCandle, type QuoteWithoutAge, withAge } from './choose-quote.ts';
import { SERIES_RANK_SQL, seriesFilterSql } from './equity-series.ts';
import { listCandles } from './list-candles.ts';
import { previousCloseOf } from './previous-close.ts';
import { priceChange } from './price-change.ts';
import { istDayOf } from './price-rows.ts';
import { CANDLES, QUOTES } from './tables.ts';
import { type SecurityRef, tickersOf } from './tickers-of.ts';
import { CANDLE_ROW_COLUMNS, type CandleRowRead, statedOrNull, toCandle } from './to-candle.ts';

export interface LatestQuoteParams extends SecurityRef {
  /** Only this series; by default the series a share trades under. */
  readonly series?: string | null | undefined;
  /** The price as it stood then: only snapshots, candles and bars knowable at this instant. */
  readonly asOf?: string | null | undefined;
  /** The time of the request, for the quote's age when `asOf` is not given. */
  readonly now: string;
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
  source_file: string | null;
  source_document: string;
}

/** A snapshot as published; a change it leaves out is computed from its previous close. */
function toQuote(row: QuoteRowRead): QuoteWithoutAge {
  const computed = priceChange(row.last_price, row.previous_close);
  return {
    exchange: row.exchange,
    ticker: row.ticker,
    series: statedOrNull(row.series),
    isin: row.isin,
    source: 'quote',
    interval: null,
    as_of: row.at.toISOString(),
    last_price: row.last_price,
    open: row.open,
    high: row.high,
    low: row.low,
    previous_close: row.previous_close,
    previous_close_source: row.previous_close === null ? null : 'stated',
    previous_close_at: null,
    previous_close_gap_weekdays: null,
    change: row.change ?? computed.change,
    change_percent: row.change_percent ?? computed.change_percent,
    volume: row.volume,
    value: row.value,
    high_52: row.high_52,
    low_52: row.low_52,
    known_at: row.known_at.toISOString(),
    recorded_at: row.recorded_at.toISOString(),
    source_url: row.source_url,
    source_file: row.source_file,
    source_document: statedOrNull(row.source_document),
  };
}

// Each ticker's newest few snapshots taken by $4 (when given) in primary-key order (no sort
// of its whole history), then the newest overall, the best-ranked series first on a tie.
const NEWEST_SNAPSHOT = `
  select t.* from unnest($2::text[]) as k(ticker)
  cross join lateral (
    select * from ${QUOTES} t
    where t.exchange = $1 and t.ticker = k.ticker and ${seriesFilterSql('$3')} and ($4::timestamptz is null or t.at <= $4)
    order by t.at desc, t.series desc
    limit 4
  ) t
  order by t.at desc, ${SERIES_RANK_SQL}, t.file_known_at desc
  limit 1`;

// The newest bar of each bar file's interval (5m, and 1m where a 1-minute file was read)
// whose end is not after $4, then the one that ended last (the shorter on a tie).
const NEWEST_BAR = `
  select ${CANDLE_ROW_COLUMNS}, false as derived
  from unnest($2::text[]) as k(ticker)
  cross join (values ('1m', interval '1 minute'), ('5m', interval '5 minutes')) as i(interval, length)
  cross join lateral (
    select * from ${CANDLES} t
    where t.exchange = $1 and t.ticker = k.ticker and t.interval = i.interval and ${seriesFilterSql('$3')}
      and ($4::timestamptz is null or t.start <= $4::timestamptz - i.length)
    order by t.start desc, t.series desc
    limit 1
  ) t
  order by t.start + i.length desc, i.length, ${SERIES_RANK_SQL}
  limit 1`;

// The day's trading up to and including a bar, from the bars of its interval and series.
const DAY_SO_FAR = `
  select (array_agg(t.open order by t.start))[1] as open, max(t.high) as high, min(t.low) as low,
         case when count(t.volume) = count(*) then sum(t.volume) end as volume
  from ${CANDLES} t
  where t.exchange = $1 and t.ticker = $2 and t.interval = $3 and t.series = $4 and t.start >= $5 and t.start <= $6`;

const dayStartOf = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString();

/** The newest daily candle before `day` (YYYY-MM-DD, IST), as knowable at `asOf`. */
async function dailyBefore(db: SqlExecutor, tickers: string[], params: LatestQuoteParams, day: string): Promise<Candle | undefined> {
  const end = new Date(Date.parse(dayStartOf(day)) - 1).toISOString();
  const [candle] = await listCandles(db, {
    exchange: params.exchange,
    tickers,
    series: params.series,
    interval: '1d',
    end,
    asOf: params.asOf,
    limit: 1,
  });
  return candle;
}

async function quoteFromBar(db: SqlExecutor, tickers: string[], params: LatestQuoteParams, bar: Candle): Promise<QuoteWithoutAge> {
  const day = istDayOf(bar.start);
  const { rows } = await db.query<DaySoFar>(DAY_SO_FAR, [
    bar.exchange,
    bar.ticker,
    bar.interval,
    bar.series ?? '',
    dayStartOf(day),
    bar.start,
  ]);
  const previous = previousCloseOf(day, null, await dailyBefore(db, tickers, params, day));
  return quoteFromCandle(bar, previous, rows[0]);
}

/**
 * The latest price of a security: the newest of its quote snapshot, its daily candle's close
 * and its intraday bar's close (`source` says which), with the previous close from the
 * source where it states one, else from the data, a gap said. As of `asOf` when given: only
 * what was knowable then. Undefined when the service holds none of them.
 */
export async function getLatestQuote(db: SqlExecutor, params: LatestQuoteParams): Promise<Quote | undefined> {
  const tickers = await tickersOf(db, params);
  if (tickers.length === 0) return undefined;
  const keys = [params.exchange, toPgArray(tickers), params.series ?? null, params.asOf ?? null];
  const { rows: snapshots } = await db.query<QuoteRowRead>(NEWEST_SNAPSHOT, keys);
  const { rows: bars } = await db.query<CandleRowRead>(NEWEST_BAR, keys);
  const [daily] = await listCandles(db, {
    exchange: params.exchange,
    tickers,
    series: params.series,
    interval: '1d',
    asOf: params.asOf,
    limit: 1,
  });
  // A daily candle from bars is never newer than its last bar, which the bar stands for.
  const chosen = chooseQuote({
    snapshot: snapshots[0] && toQuote(snapshots[0]),
    daily: daily?.derived ? undefined : daily,
    bar: bars[0] && toCandle(bars[0]),
  });
  const reference = params.asOf ?? params.now;
  if (!chosen) return undefined;
  if (chosen.kind === 'snapshot') return withAge(chosen.snapshot, reference);
  if (chosen.kind === 'bar') return withAge(await quoteFromBar(db, tickers, params, chosen.candle), reference);
  const candle = chosen.candle;
  const day = istDayOf(candle.start);
  const before = candle.previous_close === null ? await dailyBefore(db, tickers, params, day) : undefined;
  return withAge(quoteFromCandle(candle, previousCloseOf(day, candle.previous_close, before)), reference);
}
