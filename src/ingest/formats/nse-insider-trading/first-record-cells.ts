import { parse } from 'csv-parse/sync';
import { normaliseHeaderCell } from '#ingest/shared/parse-support';

/**
 * The normalised cells of a CSV head's first record, or [] when the head is not CSV. The
 * insider export's header is one record over 30 lines (every cell ends in a quoted line
 * break), so the first *line* alone, which header-cells.ts reads, would not do.
 */
export function firstRecordCells(head: string): readonly string[] {
  try {
    const [cells] = parse(head.replace(/^\uFEFF/, ''), { to: 1, relax_column_count: true, relax_quotes: true });
    return (cells ?? []).map(normaliseHeaderCell);
  } catch {
    // A head that is not CSV (JSON, XML, binary) simply is not this format.
    return [];
  }
}
