import type { SqlExecutor } from '#platform/db';
import type { PreparedPrices } from './price-rows.ts';
import { BAR_INTERVAL } from './price-rows.ts';
import { CANDLES, DAILY_FROM_BARS, LATEST_CANDLES, QUOTES } from './tables.ts';
import { winnerSql } from './winner.ts';

const META = `jsonb_to_recordset($1::jsonb) as meta(m integer, exchange text, interval text, file_known_at timestamptz,
  recorded_at timestamptz, source_url text, source_file text, source_document text, parser_version integer)`;

/** The columns a candle or quote takes from its event's metadata, `META`; known_at is each row's own. */
const FROM_FILE = ['file_known_at', 'recorded_at', 'source_url', 'source_file', 'source_document', 'parser_version'] as const;
const PROVENANCE = ['known_at', ...FROM_FILE] as const;
const FROM_META = FROM_FILE.map((column) => `meta.${column}`).join(', ');

const KEY = ['exchange', 'ticker', 'interval', 'start', 'series'] as const;
const CANDLE_COLUMNS = [
  ...KEY,
  'isin',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'value',
  'trades',
  'previous_close',
  ...PROVENANCE,
] as const;

/** `set` clause of an upsert: every column but the key from `excluded`; an ISIN once known stays. */
function assignments(table: string, columns: readonly string[], key: readonly string[]): string {
  return columns
    .filter((column) => !key.includes(column))
    .map((column) => (column === 'isin' ? `isin = coalesce(excluded.isin, ${table}.isin)` : `${column} = excluded.${column}`))
    .join(', ');
}

const columns = CANDLE_COLUMNS.join(', ');

/**
 * One statement per chunk: the winning candles go into the series table, and the rows it
 * actually wrote (RETURNING leaves out those a known-later version kept out) move the
 * newest-candle table forward. Both tables thus agree whatever order files arrive in.
 */
const UPSERT_CANDLES = `
  with written as (
    insert into ${CANDLES} (${columns})
    select meta.exchange, c.ticker, meta.interval, c.start, c.series, c.isin, c.open, c.high, c.low, c.close,
           c.volume, c.value, c.trades, c.previous_close, c.known_at, ${FROM_META}
    from jsonb_to_recordset($2::jsonb) as c(m integer, ticker text, series text, isin text, start timestamptz,
           open numeric, high numeric, low numeric, close numeric, volume numeric, value numeric, trades bigint,
           previous_close numeric, known_at timestamptz)
    join ${META} using (m)
    on conflict (${KEY.join(', ')}) do update set ${assignments(CANDLES, CANDLE_COLUMNS, KEY)}
    where ${winnerSql(CANDLES)}
    returning ${columns}
  )
  insert into ${LATEST_CANDLES} (${columns})
  select distinct on (exchange, ticker, interval, series) ${columns} from written
  order by exchange, ticker, interval, series, start desc
  on conflict (exchange, ticker, interval, series) do update
    set ${assignments(LATEST_CANDLES, CANDLE_COLUMNS, ['exchange', 'ticker', 'interval', 'series'])}
  where excluded.start >= ${LATEST_CANDLES}.start`;

const QUOTE_VALUES = [
  'last_price',
  'open',
  'high',
  'low',
  'previous_close',
  'change',
  'change_percent',
  'volume',
  'value',
  'high_52',
  'low_52',
] as const;
const QUOTE_COLUMNS = ['exchange', 'ticker', 'at', 'series', 'isin', ...QUOTE_VALUES, ...PROVENANCE] as const;

const UPSERT_QUOTES = `
  insert into ${QUOTES} (${QUOTE_COLUMNS.join(', ')})
  select meta.exchange, q.ticker, q.at, q.series, q.isin, ${QUOTE_VALUES.map((c) => `q.${c}`).join(', ')}, q.known_at, ${FROM_META}
  from jsonb_to_recordset($2::jsonb) as q(m integer, ticker text, series text, isin text, at timestamptz,
         ${QUOTE_VALUES.map((c) => `${c} numeric`).join(', ')}, known_at timestamptz)
  join ${META} using (m)
  on conflict (exchange, ticker, at, series) do update
    set ${assignments(QUOTES, QUOTE_COLUMNS, ['exchange', 'ticker', 'at', 'series'])}
  where ${winnerSql(QUOTES)}`;

// A day's bars, in the trading day's IST bounds; the primary key's range serves each day.
const DAY_BARS = `
  from ${CANDLES} b
  where b.exchange = d.exchange and b.ticker = d.ticker and b.interval = '${BAR_INTERVAL}' and b.series = d.series
    and b.start >= (d.day::timestamp at time zone 'Asia/Kolkata')
    and b.start < ((d.day + 1)::timestamp at time zone 'Asia/Kolkata')`;

// The bar file known last (then the greater hash) names a candle from bars' source.
const NEWEST_FILE = 'b.file_known_at desc, b.source_document collate "C" desc';

/**
 * Rebuilds the daily candle of each security-day from the bars the table now holds (the
 * winners, whatever order files came in), so the result depends on the bars alone. Volume
 * is null if any bar's is; value and trades are not in bar files; no previous close is stated.
 * It is knowable when its last bar ended.
 */
const REBUILD_DAILY_FROM_BARS = `
  insert into ${DAILY_FROM_BARS} (${columns}, bars, last_bar_end)
  select d.exchange, d.ticker, '1d', (d.day + time '09:15') at time zone 'Asia/Kolkata', d.series, null,
         a.open, a.high, a.low, a.close, a.volume, null, null, null, a.last_bar_end, a.file_known_at, a.recorded_at,
         a.source_url, a.source_file, a.source_document, a.parser_version, a.bars, a.last_bar_end
  from jsonb_to_recordset($1::jsonb) as d(exchange text, ticker text, series text, day date)
  cross join lateral (
    select (array_agg(b.open order by b.start))[1] as open, max(b.high) as high, min(b.low) as low,
           (array_agg(b.close order by b.start desc))[1] as close,
           case when count(b.volume) = count(*) then sum(b.volume) end as volume,
           count(*)::int as bars, max(b.start) + interval '5 minutes' as last_bar_end,
           max(b.file_known_at) as file_known_at, max(b.recorded_at) as recorded_at,
           (array_agg(b.source_url order by ${NEWEST_FILE}))[1] as source_url,
           (array_agg(b.source_file order by ${NEWEST_FILE}))[1] as source_file,
           (array_agg(b.source_document order by ${NEWEST_FILE}))[1] as source_document,
           max(b.parser_version) as parser_version
    ${DAY_BARS}
  ) a
  where a.bars > 0
  on conflict (exchange, ticker, start, series) do update
    set ${assignments(DAILY_FROM_BARS, [...CANDLE_COLUMNS, 'bars', 'last_bar_end'], ['exchange', 'ticker', 'start', 'series'])}`;

/**
 * Writes a prepared batch: candles (with the newest-candle table), quote snapshots, and the
 * daily candles of the days whose bars the batch holds.
 */
export async function writePrices(tx: SqlExecutor, prepared: PreparedPrices): Promise<void> {
  for (const chunk of prepared.candleChunks) await tx.query(UPSERT_CANDLES, [prepared.meta, chunk]);
  for (const chunk of prepared.quoteChunks) await tx.query(UPSERT_QUOTES, [prepared.meta, chunk]);
  for (const chunk of prepared.barDayChunks) await tx.query(REBUILD_DAILY_FROM_BARS, [chunk]);
}
