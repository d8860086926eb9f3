/**
 * Splits items into rounds in which no key repeats, keeping each key's items in their
 * order: a multi-row upsert may touch a row only once, so the second event for one company
 * in a batch goes into the next round's statement.
 */
export function rounds<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const result: T[][] = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    (result[round] ??= []).push(item);
  }
  return result;
}
