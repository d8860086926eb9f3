import { type SqlExecutor, toPgArray } from '#platform/db';
import { companyIdOfAnchor } from '#domain/identity';
import { issuersClaimingBseCodes } from './current-claims.ts';
import { ANCHORS } from './tables.ts';

export interface AnchorChange {
  readonly anchor: string;
  readonly from: string | null;
  readonly to: string;
}

/**
 * The issuer a BSE code belongs to, when a current statement on an issuer names it: the
 * one stated latest, then the first by code (a BSE code is not reused, so two issuers
 * claiming one is a source error, resolved the same way whatever the order).
 */
function issuerOfCodes(claims: Awaited<ReturnType<typeof issuersClaimingBseCodes>>): Map<string, string> {
  const byCode = new Map<string, { anchor: string; sequence: string }>();
  for (const claim of claims) {
    const seen = byCode.get(claim.code);
    if (!seen || claim.sequence > seen.sequence || (claim.sequence === seen.sequence && claim.anchor < seen.anchor))
      byCode.set(claim.code, claim);
  }
  return new Map([...byCode].map(([code, { anchor }]) => [code, anchor]));
}

/**
 * Gives every anchor its company: an issuer anchor is its own company; a BSE-code anchor
 * is the company of the issuer whose statements name that code, else its own. Checks the
 * given anchors and the BSE-code anchors of the given codes; returns what changed.
 */
export async function mapAnchors(tx: SqlExecutor, anchors: readonly string[], bseCodes: readonly string[]): Promise<AnchorChange[]> {
  const codeAnchors = bseCodes.map((code) => `bse:${code}`);
  const { rows } = await tx.query<{ anchor: string; company_id: string }>(
    `select anchor, company_id::text as company_id from ${ANCHORS} where anchor = any($1::text[])`,
    [toPgArray([...new Set([...anchors, ...codeAnchors])])],
  );
  const existing = new Map(rows.map((row) => [row.anchor, row.company_id]));
  // A BSE-code anchor exists once a statement was made about it: in this batch or before.
  const known = [...new Set([...anchors, ...codeAnchors.filter((a) => existing.has(a))])];
  const codes = known.filter((a) => a.startsWith('bse:')).map((a) => a.slice(4));
  const issuers = issuerOfCodes(await issuersClaimingBseCodes(tx, codes));
  const changes: AnchorChange[] = [];
  for (const anchor of known) {
    const issuer = anchor.startsWith('bse:') ? issuers.get(anchor.slice(4)) : undefined;
    const to = companyIdOfAnchor(issuer ?? anchor);
    const from = existing.get(anchor) ?? null;
    if (from !== to) changes.push({ anchor, from, to });
  }
  if (changes.length > 0) {
    await tx.query(
      `insert into ${ANCHORS} (anchor, company_id) select * from unnest($1::text[], $2::uuid[])
       on conflict (anchor) do update set company_id = excluded.company_id`,
      [toPgArray(changes.map((c) => c.anchor)), toPgArray(changes.map((c) => c.to))],
    );
  }
  return changes;
}
