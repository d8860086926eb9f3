import { Parser as CsvParser, type Options } from 'csv-parse';
import { type Problem, decodeText } from '#ingest/shared/parser';

/** One CSV record with the line it starts on (the header is line 1); cells as read, untrimmed. */
export interface CsvRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

/** What a read of the whole document ends with: the records csv-parse skipped, or why it could not read on. */
export interface CsvEnd {
  /** Records csv-parse could not read (an unclosed quote, say), each naming its line. */
  readonly problems: readonly Problem[];
  readonly error?: string;
}

/** Records handed to the reader's caller at a time, at most. */
export const CSV_BATCH_ROWS = 5_000;
/** Text handed to csv-parse at a time, in characters (UTF-8 bytes are at most three times as many). */
export const CSV_CHUNK_CHARS = 256 * 1024;

export interface CsvBatching {
  /** Records a batch holds at most. */
  readonly batchRows?: number;
  /** Characters of text parsed at a time (tests cut records across chunks with a few). */
  readonly chunkChars?: number;
}

interface ParsedRecord {
  readonly record: string[];
  readonly info: { readonly lines: number };
}

/** csv-parse's incremental core, the one its stream and its sync reader both drive. */
interface ChunkParser {
  parse(chunk: Buffer, end: boolean, push: (record: ParsedRecord) => void, close: () => void): Error | undefined;
}

/**
 * Exchange CSVs are ragged (BSE adds a trailing comma to every data row, so rows have one cell
 * more than the header) and carry stray quotes, so column counts and quotes are relaxed; a
 * record that still cannot be read becomes a problem instead of failing the file.
 */
const options = (problems: Problem[]): Options => ({
  info: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  skip_records_with_error: true,
  on_skip: (error) => {
    const lines: unknown = error?.lines;
    const line = typeof lines === 'number' ? `line ${lines}` : 'a record';
    problems.push({ where: line, message: `unreadable CSV record: ${error?.message ?? 'unknown error'}` });
    return undefined;
  },
});

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Reads a CSV document's records, the header first, in batches of at most `batchRows`: the
 * text is handed to csv-parse a chunk at a time, so neither every record nor a second copy of
 * the text is ever held, and a caller that keeps only what it makes of each batch reads a
 * large file in memory bounded by the batch (docs/ingestion.md, "Limits"). Records are the
 * same, line numbers included, as csv-parse's sync reader gives for the whole text.
 */
export function csvRecordBatches(bytes: Uint8Array, batching: CsvBatching = {}): Generator<readonly CsvRecord[], CsvEnd> {
  return csvTextBatches(decodeText(bytes), batching);
}

/** csvRecordBatches of text already decoded: a reader that reads a document more than once decodes it once. */
export function* csvTextBatches(text: string, batching: CsvBatching = {}): Generator<readonly CsvRecord[], CsvEnd> {
  const { batchRows = CSV_BATCH_ROWS, chunkChars = CSV_CHUNK_CHARS } = batching;
  const problems: Problem[] = [];
  let batch: CsvRecord[] = [];
  const push = ({ record, info }: ParsedRecord) =>
    batch.push({
      // info.lines is where the record ends; a quoted cell may span lines.
      line: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
      cells: record,
    });
  let error: string | undefined;
  try {
    // The stream's own core (`api`), driven here synchronously a chunk at a time.
    const parser = (new CsvParser(options(problems)) as unknown as { api: ChunkParser }).api;
    let at = 0;
    do {
      let end = Math.min(text.length, at + chunkChars);
      // A chunk never ends inside a surrogate pair, so each is whole UTF-8.
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
      const failed = parser.parse(Buffer.from(text.slice(at, end)), end === text.length, push, () => undefined);
      if (failed) throw failed;
      at = end;
      while (batch.length >= batchRows) {
        yield batch.slice(0, batchRows);
        batch = batch.slice(batchRows);
      }
    } while (at < text.length);
  } catch (failure) {
    // csv-parse fails only for input it cannot go on with; report, never rethrow.
    error = `not a readable CSV file: ${failure instanceof Error ? failure.message : String(failure)}`;
  }
  if (batch.length > 0 && error === undefined) yield batch;
  return error === undefined ? { problems } : { problems, error };
}
