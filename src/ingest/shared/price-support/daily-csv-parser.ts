import type { Exchange } from '#schemas/common';
import { istToIso } from '#platform/time';
import { createEventEmitter, type ParseInput, type ParseOutcome, type Parser, type Problem } from '#ingest/shared/parser';
import {
  cellOf,
  type ColumnIndex,
  type ColumnSpec,
  indexColumns,
  missingColumnsReason,
  hasColumns,
  headerCells,
  rowsOutcome,
  type CsvRecord,
  csvRecordBatches,
  emitChecked,
} from '#ingest/shared/parse-support';
import { baseName } from './base-name.ts';
import { DAILY_FIELDS, type DailyTexts, type DatedCandle, readDailyCandle, type RequiredDailyField } from './daily-candle.ts';
import { dropRepeatedCandles, repeatProblem } from './drop-repeated-candles.ts';
import { extraCellsMessage, usualOf } from './extra-cells.ts';
import type { AmountUnit } from './number-cell.ts';
import { pricesRecordedEvents } from './prices-recorded-events.ts';
import { observedSymbols } from './symbols-observed.ts';

/** One daily price file format: its columns, units and where its trading day is stated. */
export interface DailyCsvFormat<K extends string> {
  readonly format: string;
  readonly version: number;
  readonly description: string;
  readonly source: 'nse' | 'bse';
  readonly exchange: Exchange;
  /** The published column of each candle field, plus any column `includes` reads. */
  readonly columns: ColumnSpec<K> & ColumnSpec<RequiredDailyField>;
  /** The unit of the traded value column (rupees unless stated). */
  readonly value?: AmountUnit;
  /**
   * Columns the format publishes besides those it reads: with them, its header tells it from
   * the other price files.
   */
  readonly otherColumns?: readonly string[];
  /** Whether a file is this format; when not said, whether its first line holds `columns` and `otherColumns`. */
  readonly detect?: Parser['detect'];
  /** For a file that states its trading day only in its name (BSE): the day, and the name expected. */
  readonly fileDate?: { readonly read: (name: string) => string | null; readonly expected: string };
  /**
   * Whether a row is one this format makes candles of: `false` leaves it out without a problem
   * (UDiFF's other instruments), a message leaves it out as a problem.
   */
  readonly includes?: (cell: (key: K) => string) => boolean | string;
  /**
   * Where the exchange publishes the file of one trading day (YYYY-MM-DD). A file whose candles
   * are all of one day and that was delivered without a URL names that URL as its source: the
   * format (told by the header) and the day (stated by the rows, or BSE's name) fix it.
   */
  readonly archiveUrl?: (day: string) => string;
  /**
   * The file is one security's history (a security-wise report): when its symbol changes,
   * a SymbolsObserved event says the symbols are one security.
   */
  readonly oneSecurity?: boolean;
}

/** A daily candle is knowable at its trading day's 15:30 IST close. */
const closeOf = (date: string) => istToIso(date, 15, 30);

function textsOf(record: CsvRecord, index: Readonly<Record<string, number>>, fileDate: string | null): DailyTexts {
  const texts = Object.fromEntries(
    DAILY_FIELDS.map((field) => [field, index[field] === undefined ? '' : (record.cells[index[field]] ?? '').trim()]),
  ) as Record<(typeof DAILY_FIELDS)[number], string>;
  return fileDate ? { ...texts, date: fileDate } : texts;
}

/**
 * A file's records read as dated candles, a batch at a time, keeping only the candles and
 * problems, never the records (csvRecordBatches): a bhavcopy at the document limit reads in a
 * few times its size. Whether a record has too many cells depends on the whole file
 * (extra-cells.ts), so for a record with more cells than the header that is decided at the
 * end (`finish`), its candle and problems held until then, in the records' order.
 */
/** A record read, held until the file's usual cell count is known; `cells` null when that does not matter. */
interface HeldRecord {
  readonly cells: number | null;
  readonly line: number;
  readonly row: DatedCandle | null;
  readonly problems: readonly Problem[];
}

function createDailyReader<K extends string>(
  config: DailyCsvFormat<K>,
  headerCells: number,
  index: ColumnIndex<K>,
  fileDate: string | null,
) {
  const rows: DatedCandle[] = [];
  const problems: Problem[] = [];
  const held: HeldRecord[] = [];
  const counts = new Map<number, number>();
  let records = 0;
  /** A record's candle and problems, or the problem of too many cells when it has more than `usual`. */
  const settle = ({ cells, line, row, problems: found }: HeldRecord, usual: number) => {
    const extra = cells === null ? null : extraCellsMessage(cells, usual);
    if (extra) problems.push({ where: `line ${line}`, message: extra });
    else {
      problems.push(...found);
      if (row) rows.push(row);
    }
  };
  return {
    add(record: CsvRecord): void {
      records += 1;
      counts.set(record.cells.length, (counts.get(record.cells.length) ?? 0) + 1);
      const included = config.includes?.((key) => cellOf(record.cells, index, key)) ?? true;
      if (included === false) return;
      let entry: HeldRecord;
      if (included === true) {
        const result = readDailyCandle(record.line, textsOf(record, index, fileDate), config.columns, config.value ?? { power: 0 });
        const row = result.ok ? result.row : null;
        entry = { cells: record.cells.length, line: record.line, row, problems: result.ok ? result.notes : [result.problem] };
      } else entry = { cells: null, line: record.line, row: null, problems: [{ where: `line ${record.line}`, message: included }] };
      // A record of at most the header's cells never has too many, whatever the file's usual count.
      if (held.length === 0 && (entry.cells === null || entry.cells <= headerCells)) settle(entry, headerCells);
      else held.push(entry);
    },
    finish(): { rows: DatedCandle[]; problems: Problem[]; records: number } {
      const usual = usualOf(headerCells, counts);
      for (const entry of held) settle(entry, usual);
      return { rows, problems, records };
    },
  };
}

function parseDaily<K extends string>(config: DailyCsvFormat<K>, input: ParseInput): ParseOutcome {
  const fileDate = config.fileDate ? config.fileDate.read(baseName(input.fileName)) : null;
  const batches = csvRecordBatches(input.bytes);
  let header: readonly string[] | undefined;
  let columns: ReturnType<typeof indexColumns<K>> | undefined;
  let reader: ReturnType<typeof createDailyReader<K>> | undefined;
  let next = batches.next();
  for (; !next.done; next = batches.next()) {
    for (const record of next.value) {
      if (reader) reader.add(record);
      else if (!header) {
        header = record.cells;
        columns = indexColumns<K>(header, config.columns);
        if (columns.ok && (!config.fileDate || fileDate)) reader = createDailyReader(config, header.length, columns.index, fileDate);
      }
    }
  }
  if (next.value.error !== undefined) return { ok: false, reason: next.value.error, problems: [] };
  if (!header || !columns) return { ok: false, reason: 'the file is empty: expected a header line and rows', problems: [] };
  if (!columns.ok) return { ok: false, reason: missingColumnsReason(config.format, config.columns, columns.missing), problems: [] };
  if (!reader) {
    const reason = `the trading day is stated only in the file name: expected ${config.fileDate?.expected}, found "${baseName(input.fileName)}"`;
    return { ok: false, reason, problems: [] };
  }
  const { rows, problems, records } = reader.finish();
  return dailyOutcome(config, input, rows, records, [...next.value.problems, ...problems]);
}

/** The URL the file was delivered from, else the exchange's URL of the one day it holds; null when neither is known. */
function sourceUrlOf<K extends string>(config: DailyCsvFormat<K>, input: ParseInput, rows: readonly DatedCandle[]): string | null {
  if (input.sourceUrl !== null || !config.archiveUrl) return input.sourceUrl;
  const days = new Set(rows.map((row) => row.date));
  const [day] = days;
  return days.size === 1 && day !== undefined ? config.archiveUrl(day) : null;
}

function dailyOutcome<K extends string>(
  config: DailyCsvFormat<K>,
  input: ParseInput,
  rows: readonly DatedCandle[],
  records: number,
  problems: readonly Problem[],
): ParseOutcome {
  const { kept, repeats } = dropRepeatedCandles(rows);
  const all = [...problems, ...repeats.map(repeatProblem)];
  if (kept.length === 0) return rowsOutcome([], records, all);
  const lastDate = kept.reduce((max, row) => (row.date > max ? row.date : max), '');
  const emitter = createEventEmitter(
    { ...input, sourceUrl: sourceUrlOf(config, input, kept) },
    { format: config.format, parserVersion: config.version, source: config.source },
  );
  const events = pricesRecordedEvents(
    emitter,
    { exchange: config.exchange, interval: '1d', parserVersion: config.version },
    kept.map((row) => row.candle),
    closeOf(lastDate),
  );
  if (!events.ok) return { ok: false, reason: events.message, problems: all };
  const observed = config.oneSecurity ? observedSymbols(kept) : null;
  if (!observed) return rowsOutcome(events.events, records, all);
  const data = { exchange: config.exchange, isin: observed.isin, symbols: observed.symbols, parserVersion: config.version };
  const symbols = emitChecked(emitter, 'SymbolsObserved', data, 'symbols', closeOf(lastDate));
  if (!symbols.ok) return { ok: false, reason: symbols.message, problems: all };
  return rowsOutcome([...events.events, symbols.event], records, all);
}

/** A Parser for a daily price file format (priority 5: after master lists). */
export function createDailyCsvParser<K extends string>(config: DailyCsvFormat<K>): Parser {
  const signature = [...Object.values<string>(config.columns), ...(config.otherColumns ?? [])];
  return {
    format: config.format,
    version: config.version,
    description: config.description,
    priority: 5,
    detect: config.detect ?? ((_fileName, head) => hasColumns(headerCells(head), signature)),
    layout: signature,
    parse: (input) => parseDaily(config, input),
  };
}
