import { type SqlExecutor, toPgArray } from '#platform/db';
import {
  companyIdOfAnchor,
  legacyCompanyIdOfIsin,
  type ClaimView,
  type DerivedCompany,
  deriveCompany,
  type Snapshot,
  groupBy,
} from '#domain/identity';
import { currentClaimsOf } from './current-claims.ts';
import { ANCHORS, COMPANIES, COMPANY_ALIASES, COMPANY_IDENTIFIERS, COMPANY_LISTINGS } from './tables.ts';
import { keyedRows, withKeys } from './keyed-rows.ts';

/** An identifier whose ownership must be worked out again. */
export interface ValueKey {
  readonly scheme: string;
  readonly value: string;
}

async function anchorsOf(tx: SqlExecutor, companyIds: readonly string[]): Promise<Map<string, string[]>> {
  const { rows } = await tx.query<{ anchor: string; company_id: string }>(
    `select a.anchor, a.company_id::text as company_id from ${keyedRows(ANCHORS, 'company_id', '$1::uuid[]', 'a')}`,
    [toPgArray(companyIds)],
  );
  return groupBy(
    rows,
    (row) => row.company_id,
    (row) => row.anchor,
  );
}

/** Ids that name the company without being its id: earlier per-ISIN ids, merged anchors' ids. */
function aliasesOf(company: DerivedCompany, anchors: readonly string[], claims: readonly ClaimView[]) {
  const aliases = new Map<string, string>();
  for (const c of claims) if (c.scheme === 'isin') aliases.set(legacyCompanyIdOfIsin(c.value), 'isin_record');
  for (const anchor of anchors) aliases.set(companyIdOfAnchor(anchor), 'merged_anchor');
  aliases.delete(company.companyId);
  return [...aliases].map(([aliasId, kind]) => ({ alias_id: aliasId, company_id: company.companyId, kind }));
}

const companyRow = (c: DerivedCompany) => ({
  company_id: c.companyId,
  name: c.name,
  name_source: c.nameSource,
  cin: c.cin,
  isin: c.isin,
  nse_symbol: c.nseSymbol,
  bse_code: c.bseCode,
  sector: c.sector,
  industry: c.industry,
  listing_status: c.listingStatus,
  listing_date: c.listingDate,
  index_lists: c.indexLists,
  has_filings: c.hasFilings,
  known_at: c.knownAt,
  updated_at: c.updatedAt,
});

const identifierRows = (c: DerivedCompany) =>
  c.identifiers.map((i) => ({
    scheme: i.scheme,
    value: i.value,
    company_id: c.companyId,
    first_seen: i.firstSeen,
    first_stated: i.firstStated,
    last_seen: i.lastSeen,
    known_at: i.knownAt,
    is_current: i.current,
    linked_by: i.linkedBy,
    sources: i.sources,
    source_count: i.sourceCount,
  }));

const listingRows = (c: DerivedCompany) =>
  c.listings.map((l) => ({
    company_id: c.companyId,
    exchange: l.exchange,
    status: l.status,
    valid_from: l.from,
    valid_to: l.to,
    basis: l.basis,
  }));

async function removeDerived(tx: SqlExecutor, companyIds: readonly string[]): Promise<ValueKey[]> {
  const ids = toPgArray(companyIds);
  const { rows } = await tx.query<ValueKey>(
    `delete from ${COMPANY_IDENTIFIERS} where ${withKeys(COMPANY_IDENTIFIERS, COMPANY_IDENTIFIERS, 'company_id', '$1::uuid[]')} returning scheme, value`,
    [ids],
  );
  for (const table of [COMPANY_LISTINGS, COMPANY_ALIASES, COMPANIES])
    await tx.query(`delete from ${table} where ${withKeys(table, table, 'company_id', '$1::uuid[]')}`, [ids]);
  return rows;
}

async function insertDerived(tx: SqlExecutor, companies: readonly DerivedCompany[], aliases: readonly object[]): Promise<void> {
  await tx.query(`insert into ${COMPANIES} select * from jsonb_populate_recordset(null::${COMPANIES}, $1::jsonb)`, [
    JSON.stringify(companies.map(companyRow)),
  ]);
  await tx.query(`insert into ${COMPANY_IDENTIFIERS} select * from jsonb_populate_recordset(null::${COMPANY_IDENTIFIERS}, $1::jsonb)`, [
    JSON.stringify(companies.flatMap(identifierRows)),
  ]);
  await tx.query(`insert into ${COMPANY_LISTINGS} select * from jsonb_populate_recordset(null::${COMPANY_LISTINGS}, $1::jsonb)`, [
    JSON.stringify(companies.flatMap(listingRows)),
  ]);
  // An alias is one company's; a stale row of a company not derived now gives way.
  await tx.query(
    `insert into ${COMPANY_ALIASES} select * from jsonb_populate_recordset(null::${COMPANY_ALIASES}, $1::jsonb)
     on conflict (alias_id) do update set company_id = excluded.company_id, kind = excluded.kind`,
    [JSON.stringify(aliases)],
  );
}

const CHUNK = 2000;

/**
 * Derives the given companies again from all their current claims and replaces their
 * rows; a company left with no anchor (merged into another) is removed. Returns the
 * identifiers they had before and have now, whose ownership may have changed.
 */
export async function rederiveCompanies(
  tx: SqlExecutor,
  companyIds: readonly string[],
  snapshots: readonly Snapshot[],
): Promise<ValueKey[]> {
  const touched: ValueKey[] = [];
  for (let i = 0; i < companyIds.length; i += CHUNK) {
    const ids = companyIds.slice(i, i + CHUNK);
    const anchors = await anchorsOf(tx, ids);
    const claims = await currentClaimsOf(tx, [...anchors.values()].flat());
    const byAnchor = groupBy(
      claims,
      (c) => c.anchor,
      (c) => c,
    );
    const derived: DerivedCompany[] = [];
    const aliases: object[] = [];
    for (const [companyId, owned] of anchors) {
      const own = owned.flatMap((anchor) => byAnchor.get(anchor) ?? []);
      if (own.length === 0) continue;
      const company = deriveCompany(companyId, own, snapshots);
      derived.push(company);
      aliases.push(...aliasesOf(company, owned, own));
    }
    touched.push(...(await removeDerived(tx, ids)));
    await insertDerived(tx, derived, aliases);
    touched.push(...derived.flatMap((c) => c.identifiers.map((h) => ({ scheme: h.scheme, value: h.value }))));
  }
  return touched;
}
