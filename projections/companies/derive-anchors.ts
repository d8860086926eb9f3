import { type SqlExecutor, toPgArray } from '#platform/db';
import { mapAnchors } from './anchor-map.ts';
import { listSnapshots } from './current-claims.ts';
import { linkInstruments } from './record-listings.ts';
import { ANCHORS, CLAIMS } from './tables.ts';
import { rederiveCompanies } from './write-derived.ts';
import { recomputeOwnership } from './write-ownership.ts';
import { keyedRows } from './keyed-rows.ts';

/** The BSE codes the statements about these anchors name: a BSE-code anchor may now belong to an issuer. */
async function bseCodesOf(tx: SqlExecutor, anchors: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ value: string }>(
    `select distinct c.value from ${keyedRows(CLAIMS, 'anchor', '$1::text[]', 'c')} where c.scheme = 'bse'`,
    [toPgArray(anchors)],
  );
  return [...new Set([...rows.map((row) => row.value), ...anchors.filter((a) => a.startsWith('bse:')).map((a) => a.slice(4))])];
}

async function companiesOf(tx: SqlExecutor, anchors: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ company_id: string }>(
    `select distinct company_id::text as company_id from ${ANCHORS} where anchor = any($1::text[]) order by 1`,
    [toPgArray(anchors)],
  );
  return rows.map((row) => row.company_id);
}

/**
 * Derives again what the given anchors' statements make: gives each anchor its company
 * (anchor-map.ts), derives again every company that owns one of them or lost one, works out
 * again the ownership of the identifiers those companies had and have, and points the
 * anchors' instruments at their companies. Each step reads every statement that counts, not
 * only new ones, so deriving a set of anchors in parts, one part per transaction, ends where
 * deriving it at once does.
 */
export async function deriveAnchors(tx: SqlExecutor, anchors: readonly string[]): Promise<void> {
  if (anchors.length === 0) return;
  const changes = await mapAnchors(tx, anchors, await bseCodesOf(tx, anchors));
  const remapped = changes.flatMap((c) => (c.from ? [c.from] : []));
  const companies = [...new Set([...(await companiesOf(tx, anchors)), ...remapped])];
  const touchedValues = await rederiveCompanies(tx, companies, await listSnapshots(tx));
  await recomputeOwnership(tx, touchedValues);
  await linkInstruments(tx, [...new Set([...anchors, ...changes.map((c) => c.anchor)])]);
}
