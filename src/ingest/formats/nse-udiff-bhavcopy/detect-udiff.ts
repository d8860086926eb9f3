import { parse } from 'csv-parse/sync';
import { hasColumns, headerCells, normaliseHeaderCell } from '../../shared/parse-support/header-cells.ts';
import { NSE_UDIFF_LAYOUT } from './columns.ts';

/**
 * An NSE UDiFF bhavcopy: the header has the published layout and the first row (if any) is
 * NSE's. BSE publishes the same layout (Src `BSE`, scrip codes); that file is not this one.
 */
export function detectUdiff(head: string): boolean {
  const cells = headerCells(head);
  if (!hasColumns(cells, NSE_UDIFF_LAYOUT)) return false;
  const [, firstRow] = head.replace(/^\uFEFF/, '').split(/\r?\n/, 2);
  if (!firstRow?.trim()) return true;
  try {
    const [row] = parse(firstRow, { relax_column_count: true, relax_quotes: true });
    return (row?.[cells.indexOf(normaliseHeaderCell('Src'))] ?? '').trim().toUpperCase() === 'NSE';
  } catch {
    // A first row that is not CSV: not a file this parser can read.
    return false;
  }
}
