import { factPages, FACTS } from '#projections/facts';
import type { Fact } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { anyBetween } from './known-between.ts';

/** The companies with a fact knowable at `asOf`, in id order. */
export async function companiesWithFacts(db: SqlExecutor, asOf: string): Promise<string[]> {
  const { rows } = await db.query<{ company_id: string }>(
    `select distinct company_id::text as company_id from ${FACTS} where known_at <= $1::timestamptz order by 1`,
    [asOf],
  );
  return rows.map((row) => row.company_id);
}

/**
 * Every company's facts as known at `asOf`, company after company in id order, each in the
 * order of /v1/financials: `factPages` (the export's keyset pages of `listFacts`, every period
 * and basis). The rows are the export's for the same companies and as_of.
 */
export async function* factRows(db: SqlExecutor, asOf: string, pageSize: number): AsyncGenerator<Fact[], void, undefined> {
  for (const companyId of await companiesWithFacts(db, asOf)) yield* factPages(db, { companyId, asOf, period: 'any' }, pageSize);
}

/**
 * Whether the facts as known at `to` may differ from those at `from` (earlier): only if a
 * version became knowable in between. A version stops being valid at the known_at of the
 * version that supersedes it, itself a row of the table, so no other instant can change them.
 */
export const factsMayChange = (db: SqlExecutor, from: string, to: string): Promise<boolean> => anyBetween(db, FACTS, from, to);
