import type { Exchange } from '#schemas/common';
import { type Candle, type DomainEvent, PRICE_PART_CANDLES } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import { istToIso } from '#platform/time';
import {
  createEventEmitter,
  decodeText,
  EventRunError,
  heldOutcome,
  type ParseInput,
  type Parser,
  type Problem,
  type RunOutcome,
} from '#ingest/shared/parser';
import {
  cellOf,
  type ColumnIndex,
  type ColumnSpec,
  type CsvEnd,
  type CsvRecord,
  csvTextBatches,
  emitChecked,
  hasColumns,
  headerCells,
  indexColumns,
  missingColumnsReason,
  runOutcome,
} from '#ingest/shared/parse-support';
import { baseName } from './base-name.ts';
import {
  DAILY_FIELDS,
  type DailyField,
  type DailyTexts,
  type DatedCandle,
  readDailyCandle,
  type RequiredDailyField,
} from './daily-candle.ts';
import { extraCellsMessage, usualOf } from './extra-cells.ts';
import type { AmountUnit } from './number-cell.ts';
import { pricesRecordedEvent } from './prices-recorded-events.ts';
import { createRepeatFinder } from './repeat-finder.ts';
import { createSymbolsObserver, type SymbolsObserved } from './symbols-observed.ts';

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
  const texts = {} as Record<DailyField, string>;
  for (const field of DAILY_FIELDS) {
    const at = index[field];
    texts[field] = at === undefined ? '' : (record.cells[at] ?? '').trim();
  }
  if (fileDate) texts.date = fileDate;
  return texts;
}

/** The records after the header line, one at a time, and how the read ended. */
function* recordsOf(text: string): Generator<CsvRecord, CsvEnd> {
  const batches = csvTextBatches(text);
  let next = batches.next();
  let header = true;
  for (; !next.done; next = batches.next()) {
    for (const record of next.value) {
      if (header) header = false;
      else yield record;
    }
  }
  return next.value;
}

/** What a file's header and cell counts say: how to read its rows, or why it cannot be read. */
type Layout<K extends string> =
  | { readonly ok: true; readonly index: ColumnIndex<K>; readonly usual: number; readonly records: number }
  | { readonly ok: false; readonly reason: string };

/**
 * The first pass: the header, and how many cells the rows usually have (extra-cells.ts), which
 * decides whether a row has too many and so has to be known before any row is read. Reasons in
 * the order a read holding the whole file gave them: an unreadable file, an empty one, missing
 * columns, a name without the day.
 */
function layoutOf<K extends string>(config: DailyCsvFormat<K>, text: string, fileName: string, fileDate: string | null): Layout<K> {
  const batches = csvTextBatches(text);
  let header: readonly string[] | undefined;
  const counts = new Map<number, number>();
  let records = 0;
  let next = batches.next();
  for (; !next.done; next = batches.next()) {
    for (const record of next.value) {
      if (!header) header = record.cells;
      else {
        records += 1;
        counts.set(record.cells.length, (counts.get(record.cells.length) ?? 0) + 1);
      }
    }
  }
  if (next.value.error !== undefined) return { ok: false, reason: next.value.error };
  if (!header) return { ok: false, reason: 'the file is empty: expected a header line and rows' };
  const columns = indexColumns<K>(header, config.columns);
  if (!columns.ok) return { ok: false, reason: missingColumnsReason(config.format, config.columns, columns.missing) };
  if (config.fileDate && !fileDate) {
    return {
      ok: false,
      reason: `the trading day is stated only in the file name: expected ${config.fileDate.expected}, found "${fileName}"`,
    };
  }
  return { ok: true, index: columns.index, usual: usualOf(header.length, counts), records };
}

/** What a record is: nothing this format reads, a row with problems only, or a candle with its notes. */
type Reading =
  | { readonly kind: 'none' }
  | { readonly kind: 'problems'; readonly problems: readonly Problem[] }
  | { readonly kind: 'candle'; readonly row: DatedCandle; readonly notes: readonly Problem[] };

/** Reads records the same way in every pass, so the last pass makes exactly the candles the survey counted. */
function createRecordReader<K extends string>(config: DailyCsvFormat<K>, index: ColumnIndex<K>, usual: number, fileDate: string | null) {
  return (record: CsvRecord): Reading => {
    const included = config.includes?.((key) => cellOf(record.cells, index, key)) ?? true;
    if (included === false) return { kind: 'none' };
    const where = `line ${record.line}`;
    if (included !== true) return { kind: 'problems', problems: [{ where, message: included }] };
    // A row with more cells than usual is not read at all: its cells may be shifted.
    const extra = extraCellsMessage(record.cells.length, usual);
    if (extra) return { kind: 'problems', problems: [{ where, message: extra }] };
    const result = readDailyCandle(record.line, textsOf(record, index, fileDate), config.columns, config.value ?? { power: 0 });
    return result.ok ? { kind: 'candle', row: result.row, notes: result.notes } : { kind: 'problems', problems: [result.problem] };
  };
}

/** What the last pass needs of the survey: which candles are dropped as repeats, and what the kept ones say of the file. */
interface Survey {
  readonly problems: readonly Problem[];
  readonly repeated: ReadonlySet<number>;
  readonly kept: number;
  readonly lastDate: string;
  /** The one day every kept candle is of, or null when they are of several. */
  readonly oneDay: string | null;
  readonly observed: SymbolsObserved | null;
  /** The kept candles in order, when the survey was asked to hold them. */
  readonly candles: readonly Candle[] | null;
}

/**
 * The second pass: every record read, keeping of each candle only what the events need before
 * the first is made (how many, the last day, the repeats; createRepeatFinder), never the
 * candles: a bhavcopy at the document limit is read in a few times its size.
 */
function survey<K extends string>(config: DailyCsvFormat<K>, text: string, read: (record: CsvRecord) => Reading, hold: boolean): Survey {
  const problems: Problem[] = [];
  const candles: Candle[] | null = hold ? [] : null;
  const repeated = new Set<number>();
  const repeats = createRepeatFinder();
  const observer = config.oneSecurity ? createSymbolsObserver() : null;
  let kept = 0;
  let lastDate = '';
  let firstDay: string | null = null;
  let oneDay = true;
  const records = recordsOf(text);
  let next = records.next();
  for (; !next.done; next = records.next()) {
    const reading = read(next.value);
    if (reading.kind === 'problems') problems.push(...reading.problems);
    if (reading.kind !== 'candle') continue;
    const { row } = reading;
    problems.push(...reading.notes);
    const repeat = repeats.see(row);
    if (repeat) {
      problems.push(repeat);
      repeated.add(row.line);
      continue;
    }
    kept += 1;
    candles?.push(row.candle);
    if (row.date > lastDate) lastDate = row.date;
    firstDay ??= row.date;
    if (row.date !== firstDay) oneDay = false;
    observer?.add(row);
  }
  return {
    problems: [...next.value.problems, ...problems],
    repeated,
    kept,
    lastDate,
    oneDay: oneDay ? firstDay : null,
    observed: observer?.result() ?? null,
    candles,
  };
}

/** The URL the file was delivered from, else the exchange's URL of the one day it holds; null when neither is known. */
function sourceUrlOf<K extends string>(config: DailyCsvFormat<K>, input: ParseInput, oneDay: string | null): string | null {
  if (input.sourceUrl !== null || !config.archiveUrl) return input.sourceUrl;
  return oneDay === null ? null : config.archiveUrl(oneDay);
}

/**
 * Below this size a file's survey holds its candles, and its events are made from them: a third
 * read of the text would cost more time than its candles cost memory (about 800 bytes each).
 */
const HOLD_CANDLES_BELOW = 4 * 1024 * 1024;

/** The kept candles of a file, in order, by reading its records again (what the survey kept). */
function* keptCandles(text: string, read: (record: CsvRecord) => Reading, repeated: ReadonlySet<number>): Generator<Candle> {
  const records = recordsOf(text);
  for (let next = records.next(); !next.done; next = records.next()) {
    const reading = read(next.value);
    if (reading.kind === 'candle' && !repeated.has(reading.row.line)) yield reading.row.candle;
  }
}

/**
 * A daily price file in three passes over its text: the layout, the survey, and the events,
 * made a part at a time as they are taken (EventRun). The text is decoded once and read again
 * by each pass; what is held besides is a few tens of bytes a candle (the survey) and one part.
 * A file below HOLD_CANDLES_BELOW is read twice, its survey holding the candles.
 */
function parseDailyRun<K extends string>(config: DailyCsvFormat<K>, input: ParseInput, holdCandlesBelow: number): RunOutcome {
  const fileName = baseName(input.fileName);
  const fileDate = config.fileDate ? config.fileDate.read(fileName) : null;
  const text = decodeText(input.bytes);
  const layout = layoutOf(config, text, fileName, fileDate);
  if (!layout.ok) return { ok: false, reason: layout.reason, problems: [] };
  const read = createRecordReader(config, layout.index, layout.usual, fileDate);
  const found = survey(config, text, read, input.bytes.byteLength < holdCandlesBelow);
  if (found.kept === 0) return runOutcome({ count: 0, make: () => [] }, layout.records, found.problems);
  const emitter = createEventEmitter(
    { ...input, sourceUrl: sourceUrlOf(config, input, found.oneDay) },
    { format: config.format, parserVersion: config.version, source: config.source },
  );
  const target = { exchange: config.exchange, interval: '1d' as const, parserVersion: config.version };
  const knownAt = closeOf(found.lastDate);
  const parts = Math.ceil(found.kept / PRICE_PART_CANDLES);
  const { observed } = found;
  function* make(): Generator<NewEvent<DomainEvent>> {
    let made = 0;
    const emit = (candles: readonly Candle[]) => {
      made += 1;
      const event = pricesRecordedEvent(emitter, target, candles, { part: made, parts }, knownAt);
      if (!event.ok) throw new EventRunError(event.message);
      return event.event;
    };
    let part: Candle[] = [];
    for (const candle of found.candles ?? keptCandles(text, read, found.repeated)) {
      part.push(candle);
      if (part.length === PRICE_PART_CANDLES) {
        yield emit(part);
        part = [];
      }
    }
    if (part.length > 0) yield emit(part);
    if (made !== parts) throw new Error(`the last pass over the file made ${made} parts where the survey counted ${parts}`);
    if (!observed) return;
    const data = { exchange: config.exchange, isin: observed.isin, symbols: observed.symbols, parserVersion: config.version };
    const symbols = emitChecked(emitter, 'SymbolsObserved', data, 'symbols', knownAt);
    if (!symbols.ok) throw new EventRunError(symbols.message);
    yield symbols.event;
  }
  return runOutcome({ count: parts + (observed ? 1 : 0), make }, layout.records, found.problems);
}

/** A Parser for a daily price file format (priority 5: after master lists). */
export function createDailyCsvParser<K extends string>(
  config: DailyCsvFormat<K>,
  /** Below which size a file's candles are held rather than read again (HOLD_CANDLES_BELOW; specs read small files again). */
  holdCandlesBelow = HOLD_CANDLES_BELOW,
): Parser {
  const signature = [...Object.values<string>(config.columns), ...(config.otherColumns ?? [])];
  return {
    format: config.format,
    version: config.version,
    description: config.description,
    priority: 5,
    detect: config.detect ?? ((_fileName, head) => hasColumns(headerCells(head), signature)),
    layout: signature,
    parse: (input) => heldOutcome(parseDailyRun(config, input, holdCandlesBelow)),
    parseRun: (input) => parseDailyRun(config, input, holdCandlesBelow),
  };
}
