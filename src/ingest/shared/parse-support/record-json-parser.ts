import type { ParseInput, ParseOutcome, Parser } from '#ingest/shared/parser';
import type { FileEvents } from './file-events.ts';
import type { ParseContext } from './parse-context.ts';
import { rowsOutcome } from './parse-outcome.ts';
import { readJson } from './read-json.ts';
import { readRows } from './read-rows.ts';
import { type RecordFormat, recordFormatParser } from './record-format.ts';
import type { RowResult } from './row-result.ts';

/** A JSON document's records, and whatever else its wrapper states. */
export interface JsonRecords {
  readonly records: readonly unknown[];
}

/** A JSON format of records (an API's array of objects): its wrapper, how a record reads and what events the rows make. */
export interface RecordJsonFormat<D extends JsonRecords, R> extends RecordFormat {
  readonly detect: Parser['detect'];
  /** What a file of this format holds, for a rejection. */
  readonly expected: string;
  /** The document's records, or null when the JSON is not this format. */
  documentOf(json: unknown): D | null;
  /** Why a document without records is rejected, when that says more than "no rows". */
  readonly noRecords?: string;
  /**
   * Whether a document without records says it holds none (an API's answer for a day with
   * nothing published): it is parsed, with no events, instead of rejected.
   */
  readonly isEmptyAnswer?: (document: D) => boolean;
  /** The `position`th record (from 1) to its row, or the problem that leaves it out. */
  readRecord(value: unknown, position: number, input: ParseInput): RowResult<R>;
  /** The events of the rows read, in document order, and the problems of rows that give none. */
  toEvents(rows: readonly R[], context: ParseContext, document: D): FileEvents;
}

const reject = (reason: string): ParseOutcome => ({ ok: false, reason, problems: [] });

/**
 * A Parser for a JSON format of records: reads the document and its records (a document that
 * is not JSON or not this format is rejected, a bad record is a problem), emits the events
 * `toEvents` makes of the rows, and returns the outcome with every problem in order.
 */
export function createRecordJsonParser<D extends JsonRecords, R>(config: RecordJsonFormat<D, R>): Parser {
  return recordFormatParser(config, config.detect, (context) => {
    const json = readJson(context.input.bytes, config.expected);
    if (!json.ok) return reject(json.reason);
    const document = config.documentOf(json.value);
    if (!document) return reject(`not a ${config.format} file: ${config.expected}`);
    if (document.records.length === 0 && config.isEmptyAnswer?.(document)) return { ok: true, events: [], rows: 0, problems: [] };
    if (document.records.length === 0 && config.noRecords) return reject(`${config.noRecords}: ${config.expected}`);
    const read = readRows(document.records, (value, position) => config.readRecord(value, position, context.input));
    const { events, problems } = config.toEvents(read.rows, context, document);
    return rowsOutcome(events, document.records.length, [...read.problems, ...problems]);
  });
}
