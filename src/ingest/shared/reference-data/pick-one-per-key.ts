/** A row left out because another with the same key was preferred. */
export interface Displaced<R> {
  readonly row: R;
  readonly keptRow: R;
}

/**
 * Keeps one row per key: the lowest rank, then the first in the file. Master lists repeat an
 * ISIN (NSE's 2022 list has ION Exchange under EQ, BE, BT and IL; BSE's 2015 list has a
 * delisted and an active scrip code for one company), while instruments and companies are
 * keyed by ISIN, so only one row can speak for it.
 */
export function pickOnePerKey<R>(
  rows: readonly R[],
  keyOf: (row: R) => string,
  rankOf: (row: R) => number,
): { readonly kept: readonly R[]; readonly displaced: readonly Displaced<R>[] } {
  const best = new Map<string, R>();
  for (const row of rows) {
    const key = keyOf(row);
    const current = best.get(key);
    if (current === undefined || rankOf(row) < rankOf(current)) best.set(key, row);
  }
  const kept: R[] = [];
  const displaced: Displaced<R>[] = [];
  for (const row of rows) {
    const keptRow = best.get(keyOf(row));
    if (keptRow === row) kept.push(row);
    else if (keptRow !== undefined) displaced.push({ row, keptRow });
  }
  return { kept, displaced };
}
