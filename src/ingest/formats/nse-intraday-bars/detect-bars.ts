import { parseExchangeDateTime } from '#domain/indian-text';
import { hasColumns, headerCells, normaliseHeaderCell } from '#ingest/shared/parse-support';
import { NSE_INTRADAY_BAR_COLUMNS } from './columns.ts';

/**
 * An intraday bar file: the header is date, open, high, low, close, volume, and the first
 * row's date has a time of day, so a daily OHLCV file of the same shape is not claimed.
 */
export function detectBars(head: string): boolean {
  const cells = headerCells(head);
  if (!hasColumns(cells, Object.values(NSE_INTRADAY_BAR_COLUMNS))) return false;
  const firstRow = head.replace(/^\uFEFF/, '').split(/\r?\n/, 2)[1] ?? '';
  const start = firstRow.split(',')[cells.indexOf(normaliseHeaderCell(NSE_INTRADAY_BAR_COLUMNS.start))] ?? '';
  return parseExchangeDateTime(start.replace(/^"|"$/g, '')) !== null;
}
