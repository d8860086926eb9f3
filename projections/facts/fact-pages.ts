import type { Fact } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { type FactLine, listFactLines, positionOfLine } from './fact-lines.ts';
import { type FactPosition, type ListFactsParams, listFacts, positionOf } from './queries.ts';

/** The parameters of `listFacts` that choose facts; paging is `factPages`'s own. */
export type FactSelection = Omit<ListFactsParams, 'limit' | 'offset' | 'after'>;

/**
 * Every item `read` gives, in its order, read in keyset pages of at most `pageSize` (each page
 * one statement that starts after the last item of the page before), so memory and each
 * statement's work stay bounded however many facts the company has. The next page is asked
 * for only when the consumer takes this one.
 */
async function* keysetPages<T>(
  read: (after: FactPosition | undefined) => Promise<T[]>,
  position: (item: T) => FactPosition,
  pageSize: number,
): AsyncGenerator<T[], void, undefined> {
  let after: FactPosition | undefined;
  for (;;) {
    const page = await read(after);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (page.length < pageSize || last === undefined) return;
    after = position(last);
  }
}

/** Every fact `listFacts` selects, in its order, in keyset pages of at most `pageSize`. */
export const factPages = (db: SqlExecutor, selection: FactSelection, pageSize: number): AsyncGenerator<Fact[], void, undefined> =>
  keysetPages((after) => listFacts(db, { ...selection, limit: pageSize, after }), positionOf, pageSize);

/** The same facts as `factPages`, each as its JSON text (`listFactLines`). */
export const factLinePages = (db: SqlExecutor, selection: FactSelection, pageSize: number): AsyncGenerator<FactLine[], void, undefined> =>
  keysetPages((after) => listFactLines(db, { ...selection, limit: pageSize, after }), positionOfLine, pageSize);
