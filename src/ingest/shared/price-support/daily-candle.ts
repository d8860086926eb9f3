import { CandleSchema, type Candle } from '#schemas/events';
import { parseExchangeDate } from '#domain/indian-text';
import { istToIso } from '#platform/time';
import type { Problem } from '#ingest/shared/parser';
import { isAbsentIsin, readIsin } from '#domain/identity';
import { type AmountUnit, readAmount, readCells, readOptionalPrice, readSmallCount } from './number-cell.ts';
import { ohlcvCells } from './ohlcv-cells.ts';

/** The fields of a daily price row, as the column names a format publishes them under. */
export const DAILY_FIELDS = [
  'ticker',
  'series',
  'isin',
  'date',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'value',
  'trades',
  'previousClose',
] as const;
export type DailyField = (typeof DAILY_FIELDS)[number];
/** Fields every daily format has; the others may be absent (BSE states no ISIN or date). */
export type RequiredDailyField = 'ticker' | 'open' | 'high' | 'low' | 'close' | 'volume';

/** One row's cells, trimmed; '' where the format has no such column. */
export type DailyTexts = Readonly<Record<DailyField, string>>;

/** A daily candle with the trading day it belongs to and where it was read. */
export interface DatedCandle {
  readonly line: number;
  readonly where: string;
  readonly date: string;
  readonly candle: Candle;
}

export type DailyCandleResult =
  { readonly ok: true; readonly row: DatedCandle; readonly notes: readonly Problem[] } | { readonly ok: false; readonly problem: Problem };

/** The start of a daily candle: the trading day at the 09:15 IST session open. */
export const dailyCandleStart = (date: string) => istToIso(date, 9, 15);

/** Dates of the texts read lately: a day's file states its one date on every row. */
const DAYS_REMEMBERED = 4_096;
const days = new Map<string, { readonly date: string; readonly start: string } | null>();

/** The trading day a date cell states and its candle's start, or null; each text worked out once (the work is pure). */
function dayOf(text: string): { readonly date: string; readonly start: string } | null {
  const known = days.get(text);
  if (known !== undefined) return known;
  if (days.size >= DAYS_REMEMBERED) days.clear();
  const date = parseExchangeDate(text);
  const day = date ? { date, start: dailyCandleStart(date) } : null;
  days.set(text, day);
  return day;
}

const isZero = (text: string | null) => text !== null && !/[1-9]/.test(text);

/**
 * A zero traded value beside shares traded is below the file's resolution (the full
 * bhavcopy's 0.00 lakhs for 39 shares at 4.55), not a value: null, never 0.
 */
const tradedValue = (value: string | null, volume: string | null) => (isZero(value) && !isZero(volume) && volume !== null ? null : value);

/**
 * The previous close the row states: a bad one is dropped with a note, as the day's own
 * prices do not depend on it. Null where the file has no such column or leaves it empty.
 */
function statedPreviousClose(text: string, label: string, where: string): { value: string | null; notes: Problem[] } {
  const read = readOptionalPrice(text, label);
  return read.ok
    ? { value: read.value, notes: [] }
    : { value: null, notes: [{ where, message: `${read.message}; the candle is kept without it` }] };
}

/**
 * Reads one row of a daily price file into a candle, checked against the event schema so
 * that a bad row is a problem for that row alone. An ISIN or previous close that is present
 * but invalid is dropped with a note; the prices are still good.
 */
export function readDailyCandle(
  line: number,
  texts: DailyTexts,
  labels: Readonly<Partial<Record<DailyField, string>>>,
  unit: AmountUnit,
): DailyCandleResult {
  const ticker = texts.ticker.toUpperCase();
  const where = `line ${line}${ticker ? ` (${ticker})` : ''}`;
  const fail = (message: string) => ({ ok: false as const, problem: { where, message } });
  const label = (field: DailyField) => labels[field] ?? field;
  if (!ticker) return fail(`${label('ticker')} is empty: expected a symbol or scrip code`);
  const day = dayOf(texts.date);
  if (!day) return fail(`${label('date')} "${texts.date}" is not a date: expected e.g. 06-JAN-2021`);
  const numbers = readCells({
    ...ohlcvCells((field) => texts[field], label),
    value: readAmount(texts.value, label('value'), unit),
    trades: readSmallCount(texts.trades, label('trades')),
  });
  if (!numbers.ok) return fail(numbers.message);
  const isin = readIsin(texts.isin);
  const previousClose = statedPreviousClose(texts.previousClose, label('previousClose'), where);
  const notes = [
    ...(isin || isAbsentIsin(texts.isin)
      ? []
      : [{ where, message: `${label('isin')} "${texts.isin}" is not a valid ISIN; the candle is kept without it` }]),
    ...previousClose.notes,
  ];
  const candle = CandleSchema.safeParse({
    ticker,
    series: texts.series.toUpperCase() || null,
    isin,
    start: day.start,
    ...numbers.value,
    value: tradedValue(numbers.value.value, numbers.value.volume),
    previousClose: previousClose.value,
  });
  if (!candle.success) {
    return fail(`not a valid candle: ${candle.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  return { ok: true, row: { line, where, date: day.date, candle: candle.data }, notes };
}
