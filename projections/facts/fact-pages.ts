import type { Fact } from '../../schemas/read-models/fact.ts';
import type { SqlExecutor } from '../../src/platform/db/db.ts';
import { type FactPosition, type ListFactsParams, listFacts, positionOf } from './queries.ts';

/** The parameters of `listFacts` that choose facts; paging is `factPages`'s own. */
export type FactSelection = Omit<ListFactsParams, 'limit' | 'offset' | 'after'>;

/**
 * Every fact `listFacts` selects, in its order, read in keyset pages of at most `pageSize`
 * (each page one statement that starts after the last fact of the page before), so memory
 * and each statement's work stay bounded however many facts the company has. The next page
 * is asked for only when the consumer takes this one.
 */
export async function* factPages(db: SqlExecutor, selection: FactSelection, pageSize: number): AsyncGenerator<Fact[], void, undefined> {
  let after: FactPosition | undefined;
  for (;;) {
    const page = await listFacts(db, { ...selection, limit: pageSize, after });
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (page.length < pageSize || last === undefined) return;
    after = positionOf(last);
  }
}
