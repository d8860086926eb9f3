import type { SqlExecutor } from '#platform/db';

export const CANDLES = 'rm_prices_v3';
export const LATEST_CANDLES = 'rm_prices_latest_v3';
export const QUOTES = 'rm_price_quotes_v3';
/** Daily candles built from a day's 5-minute bars, served where no daily file covers the day. */
export const DAILY_FROM_BARS = 'rm_prices_daily_from_bars_v3';

// When and from what a candle or quote was recorded. known_at is the candle's or snapshot's
// own (a daily candle's close, a bar's end, a snapshot's time); file_known_at is its file's,
// the version order of one candle (winner.ts); recorded_at is when the file was appended.
const RECORD_COLUMNS = `known_at         timestamptz(3) not null,
      file_known_at    timestamptz(3) not null,
      recorded_at      timestamptz(3) not null,
      source_url       text,
      source_file      text,
      source_document  text not null,
      parser_version   integer not null`;

// The columns of a candle, shared by the series table, the newest-candle table and the daily candles from bars.
const CANDLE_COLUMNS = `
      exchange         text not null,
      ticker           text not null,
      interval         text not null,
      start            timestamptz(3) not null,
      series           text not null,
      isin             text,
      open             numeric not null,
      high             numeric not null,
      low              numeric not null,
      close            numeric not null,
      volume           numeric,
      value            numeric,
      trades           bigint,
      previous_close   numeric,
      ${RECORD_COLUMNS}`;

/**
 * Series is part of every key: NSE lists a company's bonds and warrants under its own
 * symbol with other series (BRITANNIA EQ and N2 on one day). A missing series or source
 * hash is stored as '' so that it can sit in a primary key.
 */
export async function createPriceTables(tx: SqlExecutor): Promise<void> {
  await tx.query(`
    create table if not exists ${CANDLES} (${CANDLE_COLUMNS},
      constraint ${CANDLES}_pk primary key (exchange, ticker, interval, start, series)
    );
    -- The primary key serves a ticker's series by time, in both directions; an ISIN is
    -- resolved to tickers through the newest-candle table, so it needs no index here.

    -- The newest candle of each security and interval, kept beside the series so that
    -- "latest close of every ticker" reads a few thousand rows, not the whole history.
    create table if not exists ${LATEST_CANDLES} (${CANDLE_COLUMNS},
      constraint ${LATEST_CANDLES}_pk primary key (exchange, ticker, interval, series)
    );
    create index if not exists ${LATEST_CANDLES}_isin_ix on ${LATEST_CANDLES} (isin) where isin is not null;

    create table if not exists ${QUOTES} (
      exchange         text not null,
      ticker           text not null,
      at               timestamptz(3) not null,
      series           text not null,
      isin             text,
      last_price       numeric not null,
      open             numeric,
      high             numeric,
      low              numeric,
      previous_close   numeric,
      change           numeric,
      change_percent   numeric,
      volume           numeric,
      value            numeric,
      high_52          numeric,
      low_52           numeric,
      ${RECORD_COLUMNS},
      constraint ${QUOTES}_pk primary key (exchange, ticker, at, series)
    );
    create index if not exists ${QUOTES}_isin_ix on ${QUOTES} (isin, at) where isin is not null;

    -- One row per security and IST day that has 5-minute bars, recomputed from the bars in
    -- ${CANDLES} whenever bars of the day arrive. known_at is its last bar's end (last_bar_end,
    -- when the candle was complete); source and parser are those of the newest-known bar file.
    create table if not exists ${DAILY_FROM_BARS} (${CANDLE_COLUMNS},
      bars             integer not null,
      last_bar_end     timestamptz(3) not null,
      constraint ${DAILY_FROM_BARS}_pk primary key (exchange, ticker, start, series)
    );
  `);
}
