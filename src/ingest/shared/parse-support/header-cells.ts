import { parse } from 'csv-parse/sync';

/** A header cell as compared: trimmed (BSE leaves a TAB in one), spaces collapsed, upper case. */
export function normaliseHeaderCell(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

/** The normalised cells of the first line of a file's head, or [] when it is not CSV. */
export function headerCells(head: string): readonly string[] {
  const firstLine = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  try {
    const [cells] = parse(firstLine, { relax_column_count: true, relax_quotes: true });
    return (cells ?? []).map(normaliseHeaderCell);
  } catch {
    // A head that is not CSV (JSON, XML, binary) simply is not this format.
    return [];
  }
}

/** Whether every expected column (normalised) is among the cells. */
export function hasColumns(cells: readonly string[], expected: readonly string[]): boolean {
  return expected.every((column) => cells.includes(normaliseHeaderCell(column)));
}
