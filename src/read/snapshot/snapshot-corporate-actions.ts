import { listCorporateActions, CORPORATE_ACTIONS } from '#projections/corporate-actions';
import type { CorporateActionRow } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { anyBetween } from './known-between.ts';

/**
 * Every corporate action known by `asOf`, in the order of /v1/corporate-actions (newest
 * ex-date first): `listCorporateActions` with `knownBy`, in pages of `pageSize`. Each action
 * is its earliest-known announcement, so as of any instant after it, the same row. Without
 * `announcements`: it counts copies known later too.
 */
export async function* corporateActionRows(
  db: SqlExecutor,
  asOf: string,
  pageSize: number,
): AsyncGenerator<CorporateActionRow[], void, undefined> {
  for (let offset = 0; ; offset += pageSize) {
    const { items } = await listCorporateActions(db, { knownBy: asOf, limit: pageSize, offset });
    if (items.length > 0) yield items.map(({ announcements: _, ...action }) => action);
    if (items.length < pageSize) return;
  }
}

/** Whether the actions known by `to` may differ from those known by `from` (earlier): only if an announcement became knowable in between. */
export const corporateActionsMayChange = (db: SqlExecutor, from: string, to: string): Promise<boolean> =>
  anyBetween(db, CORPORATE_ACTIONS, from, to);
