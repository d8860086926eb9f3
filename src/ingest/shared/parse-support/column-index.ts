import { normaliseHeaderCell } from './header-cells.ts';

/** Column names (as published) by the key a parser reads them with. */
export type ColumnSpec<K extends string> = Readonly<Record<K, string>>;

export type ColumnIndex<K extends string> = Readonly<Record<K, number>>;

/**
 * Finds each required column in a header by name, so a reordered export still reads. Returns
 * the names that are missing instead when any is, for a rejection that lists them.
 */
export function indexColumns<K extends string>(
  header: readonly string[],
  spec: ColumnSpec<K>,
): { readonly ok: true; readonly index: ColumnIndex<K> } | { readonly ok: false; readonly missing: readonly string[] } {
  const cells = header.map(normaliseHeaderCell);
  const index: Partial<Record<K, number>> = {};
  const missing: string[] = [];
  for (const [key, name] of Object.entries(spec) as [K, string][]) {
    const at = cells.indexOf(normaliseHeaderCell(name));
    if (at < 0) missing.push(name);
    else index[key] = at;
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, index: index as ColumnIndex<K> };
}

/** Where those of the `spec` columns that the header has are (columns only some layouts have). */
export function indexOptionalColumns<O extends string>(header: readonly string[], spec: ColumnSpec<O>): Partial<ColumnIndex<O>> {
  const cells = header.map(normaliseHeaderCell);
  const entries = Object.entries(spec) as [O, string][];
  return Object.fromEntries(
    entries.map(([key, name]) => [key, cells.indexOf(normaliseHeaderCell(name))]).filter(([, at]) => Number(at) >= 0),
  ) as Partial<ColumnIndex<O>>;
}

/** The cell of a record under a column, trimmed; '' when the record is short. */
export function cellOf<K extends string>(cells: readonly string[], index: ColumnIndex<K>, key: K): string {
  return (cells[index[key]] ?? '').trim();
}

/** The rejection reason for a header without the expected columns. */
export function missingColumnsReason(format: string, spec: ColumnSpec<string>, missing: readonly string[]): string {
  return `not a ${format} file: expected the columns ${Object.values(spec).join(', ')}; missing ${missing.join(', ')}`;
}
