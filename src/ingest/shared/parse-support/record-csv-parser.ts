import type { ParseInput, Parser } from '#ingest/shared/parser';
import type { CsvRow } from './csv-row.ts';
import type { FileEvents } from './file-events.ts';
import { hasColumns, headerCells } from './header-cells.ts';
import type { ParseContext } from './parse-context.ts';
import { rowsOutcome } from './parse-outcome.ts';
import { type CsvColumns, readCsvRows } from './read-csv-rows.ts';
import { type RecordFormat, recordFormatParser } from './record-format.ts';
import type { RowResult } from './row-result.ts';

/** A CSV format of records (one row, one record): its columns, how a row reads and what events the rows make. */
export interface RecordCsvFormat<K extends string, R, O extends string = never> extends RecordFormat, CsvColumns<K, O> {
  /** Whether a file is this format; when not said, whether its first line holds every required column. */
  readonly detect?: Parser['detect'];
  /** One record to its row, or the problem that leaves it out. */
  readRow(row: CsvRow<K, O>, input: ParseInput): RowResult<R>;
  /** The events of the rows read, in file order, and the problems of rows that give none. */
  toEvents(rows: readonly R[], context: ParseContext): FileEvents;
  /** How many of the file's records are records of their own (all, unless some rows continue the one above). */
  readonly recordCount?: (rows: readonly R[], records: number) => number;
}

/**
 * A Parser for a CSV format of records: reads the rows (a file without the columns is
 * rejected, a bad row is a problem), emits the events `toEvents` makes of them, and returns
 * the outcome with every problem in file order.
 */
export function createRecordCsvParser<K extends string, R, O extends string = never>(config: RecordCsvFormat<K, R, O>): Parser {
  const columns = Object.values<string>(config.columns);
  const detect = config.detect ?? ((_fileName, head) => hasColumns(headerCells(head), columns));
  const parser = recordFormatParser(config, detect, (context) => {
    const read = readCsvRows(context.input.bytes, config.format, config, (row) => config.readRow(row, context.input));
    if (!read.ok) return read;
    const { events, problems } = config.toEvents(read.rows, context);
    const records = config.recordCount ? config.recordCount(read.rows, read.count) : read.count;
    return rowsOutcome(events, records, [...read.problems, ...problems]);
  });
  return { ...parser, layout: columns };
}
