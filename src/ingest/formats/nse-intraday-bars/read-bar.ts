import { CandleSchema } from '#schemas/events';
import { parseExchangeDateTime } from '#domain/indian-text';
import { cellOf, type ColumnIndex, type CsvRecord, rowProblem, type RowResult } from '#ingest/shared/parse-support';
import { type PlacedCandle, readCells, ohlcvCells } from '#ingest/shared/price-support';
import { NSE_INTRADAY_BAR_COLUMNS as COLUMNS, type NseIntradayBarColumn } from './columns.ts';

/** One bar as read, with its start as epoch milliseconds for bucketing. */
export interface Bar extends PlacedCandle {
  readonly startMs: number;
}

/** Reads one bar. Times without an offset are IST; prices and volume are exact text. */
export function readBar(record: CsvRecord, index: ColumnIndex<NseIntradayBarColumn>, ticker: string): RowResult<Bar> {
  const cell = (key: NseIntradayBarColumn) => cellOf(record.cells, index, key);
  const where = `line ${record.line} (${ticker})`;
  const start = parseExchangeDateTime(cell('start'));
  if (!start)
    return rowProblem(where, `${COLUMNS.start} "${cell('start')}" is not a date and time: expected e.g. 2023-07-03 09:15:00+05:30`);
  const numbers = readCells(ohlcvCells(cell, (field) => COLUMNS[field]));
  if (!numbers.ok) return rowProblem(where, numbers.message);
  const candle = CandleSchema.safeParse({ ticker, series: null, isin: null, start, ...numbers.value, value: null, trades: null });
  if (!candle.success) return rowProblem(where, `not a valid candle: ${candle.error.issues.map((i) => i.message).join('; ')}`);
  return { ok: true, row: { line: record.line, where, candle: candle.data, startMs: Date.parse(start) } };
}
