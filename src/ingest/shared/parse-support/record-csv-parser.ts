import { createEventEmitter, type EventEmitter } from '../event-emitter.ts';
import type { ParseInput, Parser } from '../parser.ts';
import type { CsvRow } from './csv-row.ts';
import type { FileEvents } from './file-events.ts';
import { hasColumns, headerCells } from './header-cells.ts';
import { rowsOutcome } from './parse-outcome.ts';
import { type CsvColumns, readCsvRows } from './read-csv-rows.ts';
import type { RowResult } from './row-result.ts';

/** One CSV format of records (one row, one record): its columns, how a row reads and what events the rows make. */
export interface RecordCsvFormat<K extends string, R, O extends string = never> extends CsvColumns<K, O> {
  readonly format: string;
  readonly version: number;
  readonly description: string;
  /** Publisher of the content: nse, bse, niftyindices, ... */
  readonly source: string;
  /** Lower runs first (master lists: 0); 5 when not said. */
  readonly priority?: number;
  /** Whether a file is this format; when not said, whether its first line holds every required column. */
  readonly detect?: (fileName: string, head: string) => boolean;
  /** One record to its row, or the problem that leaves it out. */
  readRow(row: CsvRow<K, O>, input: ParseInput): RowResult<R>;
  /** The events of the rows read, in file order, and the problems of rows that give none. */
  toEvents(rows: readonly R[], emitter: EventEmitter, input: ParseInput): FileEvents;
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
  return {
    format: config.format,
    version: config.version,
    description: config.description,
    priority: config.priority ?? 5,
    detect: config.detect ?? ((_fileName, head) => hasColumns(headerCells(head), columns)),
    parse(input) {
      const read = readCsvRows(input.bytes, config.format, config, (row) => config.readRow(row, input));
      if (!read.ok) return read;
      const emitter = createEventEmitter(input, { format: config.format, parserVersion: config.version, source: config.source });
      const { events, problems } = config.toEvents(read.rows, emitter, input);
      const records = config.recordCount ? config.recordCount(read.rows, read.count) : read.count;
      return rowsOutcome(events, records, [...read.problems, ...problems]);
    },
  };
}
