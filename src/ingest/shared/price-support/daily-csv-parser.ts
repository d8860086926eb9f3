import type { Exchange } from '#schemas/common/primitives';
import { istToIso } from '#platform/time/ist';
import { createEventEmitter } from '#ingest/shared/event-emitter';
import type { ParseInput, ParseOutcome, Parser, Problem } from '#ingest/shared/parser';
import { cellOf, type ColumnIndex, type ColumnSpec, indexColumns, missingColumnsReason } from '#ingest/shared/parse-support/column-index';
import { hasColumns, headerCells } from '#ingest/shared/parse-support/header-cells';
import { rowsOutcome } from '#ingest/shared/parse-support/parse-outcome';
import { type CsvRecord, type CsvTable, readCsvTable } from '#ingest/shared/parse-support/read-csv-table';
import { baseName } from './base-name.ts';
import { DAILY_FIELDS, type DailyTexts, type DatedCandle, readDailyCandle, type RequiredDailyField } from './daily-candle.ts';
import { dropRepeatedCandles, repeatProblem } from './drop-repeated-candles.ts';
import { extraCellsMessage, usualCellCount } from './extra-cells.ts';
import type { AmountUnit } from './number-cell.ts';
import { pricesRecordedEvents } from './prices-recorded-events.ts';
import { observedSymbols } from './symbols-observed.ts';
import { emitChecked } from '#ingest/shared/parse-support/validate-event-data';

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

/** Each record of the table as a dated candle, or the problem that leaves it out. */
function readDailyRows<K extends string>(
  config: DailyCsvFormat<K>,
  table: CsvTable,
  index: ColumnIndex<K>,
  fileDate: string | null,
): { rows: DatedCandle[]; problems: Problem[] } {
  const problems: Problem[] = [...table.problems];
  const rows: DatedCandle[] = [];
  const usual = usualCellCount(table.header, table.records);
  for (const record of table.records) {
    const included = config.includes?.((key) => cellOf(record.cells, index, key)) ?? true;
    const extra = included === true ? extraCellsMessage(record, usual) : null;
    if (typeof included === 'string' || extra) problems.push({ where: `line ${record.line}`, message: extra ?? String(included) });
    if (included !== true || extra) continue;
    const result = readDailyCandle(record.line, textsOf(record, index, fileDate), config.columns, config.value ?? { power: 0 });
    if (!result.ok) problems.push(result.problem);
    else {
      rows.push(result.row);
      problems.push(...result.notes);
    }
  }
  return { rows, problems };
}

function parseDaily<K extends string>(config: DailyCsvFormat<K>, input: ParseInput): ParseOutcome {
  const table = readCsvTable(input.bytes);
  if ('error' in table) return { ok: false, reason: table.error, problems: [] };
  const columns = indexColumns<K>(table.header, config.columns);
  if (!columns.ok) return { ok: false, reason: missingColumnsReason(config.format, config.columns, columns.missing), problems: [] };
  const fileDate = config.fileDate ? config.fileDate.read(baseName(input.fileName)) : null;
  if (config.fileDate && !fileDate) {
    const reason = `the trading day is stated only in the file name: expected ${config.fileDate.expected}, found "${baseName(input.fileName)}"`;
    return { ok: false, reason, problems: [] };
  }
  const { rows, problems } = readDailyRows(config, table, columns.index, fileDate);
  return dailyOutcome(config, input, rows, table.records.length, problems);
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
