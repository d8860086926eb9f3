import type { SqlExecutor } from '../../src/db/db.ts';
import { toPgArray } from '../../src/db/pg-array.ts';
import { COMPANY_IDENTIFIERS } from './tables.ts';

export type IdentifierScheme = 'nse' | 'bse' | 'isin' | 'cin';

export interface IdentifierClaim {
  readonly scheme: IdentifierScheme;
  readonly value: string | null | undefined;
  readonly companyId: string;
  readonly knownAt: string;
}

/**
 * Points identifiers at companies. An identifier claimed by two companies (a symbol reused
 * after a delisting) points at the claim known latest, whatever order the claims arrive in.
 */
export async function claimIdentifiers(tx: SqlExecutor, claims: readonly IdentifierClaim[]): Promise<void> {
  const latest = new Map<string, IdentifierClaim & { value: string }>();
  for (const claim of claims) {
    if (!claim.value) continue;
    const key = `${claim.scheme}:${claim.value}`;
    const seen = latest.get(key);
    if (!seen || Date.parse(claim.knownAt) >= Date.parse(seen.knownAt)) latest.set(key, { ...claim, value: claim.value });
  }
  const rows = [...latest.values()];
  if (rows.length === 0) return;
  await tx.query(
    `insert into ${COMPANY_IDENTIFIERS} (scheme, value, company_id, known_at)
     select * from unnest($1::text[], $2::text[], $3::uuid[], $4::timestamptz[])
     on conflict (scheme, value) do update
       set company_id = excluded.company_id, known_at = excluded.known_at
       where excluded.known_at >= ${COMPANY_IDENTIFIERS}.known_at`,
    [
      toPgArray(rows.map((r) => r.scheme)),
      toPgArray(rows.map((r) => r.value)),
      toPgArray(rows.map((r) => r.companyId)),
      toPgArray(rows.map((r) => r.knownAt)),
    ],
  );
}
