import type { SqlExecutor } from '../../src/db/db.ts';
import type { PreparedPrices } from './price-rows.ts';
import { CANDLES, LATEST_CANDLES, QUOTES } from './tables.ts';
import { winnerSql } from './winner.ts';

const META = `jsonb_to_recordset($1::jsonb) as meta(m integer, exchange text, interval text, known_at timestamptz,
  recorded_at timestamptz, source_url text, source_document text, parser_version integer)`;

const CANDLE_COLUMNS = [
  'exchange', 'ticker', 'interval', 'start', 'series', 'isin', 'open', 'high', 'low', 'close', 'volume', 'value',
  'trades', 'known_at', 'recorded_at', 'source_url', 'source_document', 'parser_version',
] as const;
const KEY = ['exchange', 'ticker', 'interval', 'start', 'series'];

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
           c.volume, c.value, c.trades, meta.known_at, meta.recorded_at, meta.source_url, meta.source_document,
           meta.parser_version
    from jsonb_to_recordset($2::jsonb) as c(m integer, ticker text, series text, isin text, start timestamptz,
           open numeric, high numeric, low numeric, close numeric, volume numeric, value numeric, trades bigint)
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
  'last_price', 'open', 'high', 'low', 'previous_close', 'change', 'change_percent', 'volume', 'value', 'high_52', 'low_52',
] as const;
const QUOTE_COLUMNS = [
  'exchange', 'ticker', 'at', 'series', 'isin', ...QUOTE_VALUES,
  'known_at', 'recorded_at', 'source_url', 'source_document', 'parser_version',
] as const;

const UPSERT_QUOTES = `
  insert into ${QUOTES} (${QUOTE_COLUMNS.join(', ')})
  select meta.exchange, q.ticker, q.at, q.series, q.isin, ${QUOTE_VALUES.map((c) => `q.${c}`).join(', ')},
         meta.known_at, meta.recorded_at, meta.source_url, meta.source_document, meta.parser_version
  from jsonb_to_recordset($2::jsonb) as q(m integer, ticker text, series text, isin text, at timestamptz,
         ${QUOTE_VALUES.map((c) => `${c} numeric`).join(', ')})
  join ${META} using (m)
  on conflict (exchange, ticker, at, series) do update
    set ${assignments(QUOTES, QUOTE_COLUMNS, ['exchange', 'ticker', 'at', 'series'])}
  where ${winnerSql(QUOTES)}`;

/** Writes a prepared batch: candles (with the newest-candle table) and quote snapshots. */
export async function writePrices(tx: SqlExecutor, prepared: PreparedPrices): Promise<void> {
  for (const chunk of prepared.candleChunks) await tx.query(UPSERT_CANDLES, [prepared.meta, chunk]);
  for (const chunk of prepared.quoteChunks) await tx.query(UPSERT_QUOTES, [prepared.meta, chunk]);
}
