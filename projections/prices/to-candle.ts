import type { Exchange, PriceInterval } from '#schemas/common';
import type { Candle } from '#schemas/read-models';

/** A candle row as the driver returns it: numerics as text, timestamps as Date. */
export interface CandleRowRead {
  exchange: Exchange;
  ticker: string;
  interval: PriceInterval;
  start: Date;
  series: string;
  isin: string | null;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string | null;
  value: string | null;
  trades: number | null;
  previous_close: string | null;
  /** A daily candle from the day's bars (`DAILY_FROM_BARS`). */
  derived: boolean;
  known_at: Date;
  recorded_at: Date;
  source_url: string | null;
  source_file: string | null;
  source_document: string;
}

/** The columns of a `CandleRowRead` but `derived`, over a candle table aliased `t`. */
export const CANDLE_ROW_COLUMNS = `t.exchange, t.ticker, t.interval, t.start, t.series, t.isin, t.open, t.high, t.low, t.close, t.volume,
  t.value, t.trades, t.previous_close, t.known_at, t.recorded_at, t.source_url, t.source_file, t.source_document`;

/** '' stands for "not stated" in the tables' keys; the API says null. */
export const statedOrNull = (text: string): string | null => (text === '' ? null : text);

export const toCandle = (row: CandleRowRead): Candle => ({
  exchange: row.exchange,
  ticker: row.ticker,
  series: statedOrNull(row.series),
  isin: row.isin,
  interval: row.interval,
  start: row.start.toISOString(),
  open: row.open,
  high: row.high,
  low: row.low,
  close: row.close,
  volume: row.volume,
  value: row.value,
  trades: row.trades,
  previous_close: row.previous_close,
  derived: row.derived,
  known_at: row.known_at.toISOString(),
  recorded_at: row.recorded_at.toISOString(),
  source_url: row.source_url,
  source_file: row.source_file,
  source_document: statedOrNull(row.source_document),
});
