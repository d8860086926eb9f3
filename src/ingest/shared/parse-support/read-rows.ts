import type { Problem } from '#ingest/shared/parser';
import type { RowResult } from './row-result.ts';

/** The items of a file read one by one (`position` from 1): the rows read, and a problem for each item that is not. */
export function readRows<T, R>(
  items: readonly T[],
  read: (item: T, position: number) => RowResult<R>,
): { readonly rows: R[]; readonly problems: Problem[] } {
  const rows: R[] = [];
  const problems: Problem[] = [];
  for (const [i, item] of items.entries()) {
    const result = read(item, i + 1);
    if (result.ok) rows.push(result.row);
    else problems.push(result.problem);
  }
  return { rows, problems };
}
