import { createEventEmitter, type ParseInput, type ParseOutcome, type Parser, type Problem } from '#ingest/shared/parser';
import {
  type ColumnIndex,
  indexColumns,
  missingColumnsReason,
  rowsOutcome,
  type CsvTable,
  readCsvTable,
} from '#ingest/shared/parse-support';
import { dropRepeatedCandles, extraCellsMessage, usualCellCount } from '#ingest/shared/price-support';
import { barMinutes } from './bar-minutes.ts';
import { NSE_INTRADAY_BAR_COLUMNS as COLUMNS, type NseIntradayBarColumn } from './columns.ts';
import { detectBars } from './detect-bars.ts';
import { intradayEvents } from './intraday-events.ts';
import { intervalsFromBars } from './intraday-intervals.ts';
import { type Bar, readBar } from './read-bar.ts';
import { bucketStartMs } from './session-grid.ts';
import { sessionRepeatProblems } from './session-repeat-problems.ts';
import { tickerOfFile } from './ticker-of-file.ts';

const FORMAT = 'nse-intraday-bars';
const VERSION = 1;

const reject = (reason: string, problems: readonly Problem[] = []): ParseOutcome => ({ ok: false, reason, problems });

/** Bars on the grid of their own length from 09:15; a bar off it cannot be bucketed. */
function splitOffGrid(bars: readonly Bar[], minutes: number): { onGrid: Bar[]; problems: Problem[] } {
  const onGrid: Bar[] = [];
  const problems: Problem[] = [];
  for (const bar of bars) {
    if (bucketStartMs(bar.startMs, minutes) === bar.startMs) onGrid.push(bar);
    else
      problems.push({
        where: bar.where,
        message: `a bar starting ${bar.candle.start} is off the ${minutes}-minute grid from 09:15 IST; dropped`,
      });
  }
  return { onGrid, problems };
}

/** Every record as a bar, or the problem that leaves it out. */
function readBars(table: CsvTable, index: ColumnIndex<NseIntradayBarColumn>, symbol: string): { bars: Bar[]; problems: Problem[] } {
  const problems: Problem[] = [...table.problems];
  const bars: Bar[] = [];
  const usual = usualCellCount(table.header, table.records);
  for (const record of table.records) {
    const extra = extraCellsMessage(record, usual);
    const bar = extra ? null : readBar(record, index, symbol);
    if (extra) problems.push({ where: `line ${record.line} (${symbol})`, message: extra });
    else if (bar?.ok) bars.push(bar.row);
    else if (bar) problems.push(bar.problem);
  }
  return { bars, problems };
}

function parseBars(input: ParseInput): ParseOutcome {
  const table = readCsvTable(input.bytes);
  if ('error' in table) return reject(table.error);
  const columns = indexColumns(table.header, COLUMNS);
  if (!columns.ok) return reject(missingColumnsReason(FORMAT, COLUMNS, columns.missing));
  const { symbol, from } = tickerOfFile(input);
  if (!symbol) {
    return reject(
      `the file has no symbol column, so its name (e.g. RELIANCE.csv) or the connector's symbol attribute names it; "${from}" is not an NSE symbol`,
    );
  }
  const { bars, problems } = readBars(table, columns.index, symbol);
  const { kept, repeats } = dropRepeatedCandles(bars);
  problems.push(...sessionRepeatProblems(repeats));
  const sorted = kept.sort((a, b) => a.startMs - b.startMs);
  if (sorted.length === 0) return rowsOutcome([], table.records.length, problems);
  const minutes = barMinutes(sorted);
  const intervals = minutes === null ? null : intervalsFromBars(minutes);
  if (minutes === null || !intervals) {
    const found = minutes === null ? 'no session has two bars' : `bars are ${minutes} minutes apart`;
    return reject(`cannot tell the bar length: ${found}; expected bars of 1, 5, 15, 30 or 60 minutes`, problems);
  }
  const { onGrid, problems: offGrid } = splitOffGrid(sorted, minutes);
  const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'nse' });
  const events = intradayEvents(emitter, VERSION, onGrid, intervals);
  if (!events.ok) return reject(events.message, problems);
  return rowsOutcome(events.events, table.records.length, [...problems, ...offGrid]);
}

/**
 * Intraday OHLCV bars of one NSE symbol (one file per symbol, Kite Connect style). The bar
 * length is read from the timestamps: 5-minute bars give 5m candles and 15m, 30m and 1h
 * candles built from them; 1-minute bars also give 1m. Each interval is one event.
 */
export const nseIntradayBarsParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description:
    'Intraday OHLCV bars of one NSE symbol (date,open,high,low,close,volume): 1m/5m candles and longer intervals built from them',
  priority: 5,
  detect: (_fileName, head) => detectBars(head),
  parse: parseBars,
};
