import { parse } from 'csv-parse/sync';
import { hasColumns, headerCells, normaliseHeaderCell } from '#ingest/shared/parse-support';
import { baseName } from './base-name.ts';
import { UDIFF_LAYOUT, type UdiffPublisher } from './udiff-layout.ts';

/** The publisher a UDiFF file's name states (BhavCopy_BSE_CM_…), NSE when it states none. */
const publisherOfName = (fileName: string): UdiffPublisher => (/^BhavCopy_BSE_/i.test(baseName(fileName)) ? 'BSE' : 'NSE');

/**
 * Whether a file is `publisher`'s UDiFF bhavcopy: the header has the published layout and the
 * first row's `Src` is that exchange. NSE and BSE publish the same layout, so only the rows
 * tell the files apart; a file with a header and no rows goes by its name (BhavCopy_BSE_… is
 * BSE's, any other NSE's).
 */
export function detectUdiff(publisher: UdiffPublisher, fileName: string, head: string): boolean {
  const cells = headerCells(head);
  if (!hasColumns(cells, UDIFF_LAYOUT)) return false;
  const [, firstRow] = head.replace(/^\uFEFF/, '').split(/\r?\n/, 2);
  if (!firstRow?.trim()) return publisherOfName(fileName) === publisher;
  try {
    const [row] = parse(firstRow, { relax_column_count: true, relax_quotes: true });
    return (row?.[cells.indexOf(normaliseHeaderCell('Src'))] ?? '').trim().toUpperCase() === publisher;
  } catch {
    // A first row that is not CSV: not a file this parser can read.
    return false;
  }
}
