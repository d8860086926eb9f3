import type { CsvRecord } from '#ingest/shared/parse-support';

/**
 * The number of cells a record of this file should have: the header's, or more when the
 * rows usually have more (some exchange files end every data row with a comma).
 */
export function usualCellCount(header: readonly string[], records: readonly CsvRecord[]): number {
  const counts = new Map<number, number>();
  for (const record of records) counts.set(record.cells.length, (counts.get(record.cells.length) ?? 0) + 1);
  return usualOf(header.length, counts);
}

/** The usual cell count from how many records have each count (in the order the counts were first met). */
export function usualOf(headerCells: number, counts: ReadonlyMap<number, number>): number {
  let usual = headerCells;
  let seen = 0;
  for (const [length, count] of counts) if (count > seen || (count === seen && length < usual)) [usual, seen] = [length, count];
  return Math.max(headerCells, usual);
}

/**
 * Why a record cannot be trusted when it has more cells than the file's rows usually have
 * (an unquoted comma inside a number such as `41,613` shifts every later cell), or null.
 */
export function extraCellsMessage(record: CsvRecord | number, usual: number): string | null {
  const cells = typeof record === 'number' ? record : record.cells.length;
  if (cells <= usual) return null;
  return `has ${cells} cells where the file's rows have ${usual} (an unquoted comma in a value?): not read`;
}
