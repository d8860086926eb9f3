import { type SqlExecutor, toPgArray } from '#platform/db';
import { istDateOf, groupBy, ownershipOf } from '#domain/identity';
import { COMPANY_IDENTIFIERS } from './tables.ts';
import type { ValueKey } from './write-derived.ts';

const CHUNK = 5000;

/**
 * Works out again which company each of the given identifiers resolves to on which days
 * (src/domain/identity/ownership.ts), from every company's row for it. Names are history, not
 * references, and are left open.
 */
export async function recomputeOwnership(tx: SqlExecutor, keys: readonly ValueKey[]): Promise<void> {
  const distinct = [...new Map(keys.filter((k) => k.scheme !== 'name').map((k) => [`${k.scheme}\u0000${k.value}`, k])).values()];
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const chunk = distinct.slice(i, i + CHUNK);
    const { rows } = await tx.query<{ scheme: string; value: string; company_id: string; first_seen: string | null; known_at: Date }>(
      `select i.scheme, i.value, i.company_id::text as company_id, i.first_seen::text as first_seen, i.known_at
       from ${COMPANY_IDENTIFIERS} i join unnest($1::text[], $2::text[]) as k(scheme, value) using (scheme, value)`,
      [toPgArray(chunk.map((k) => k.scheme)), toPgArray(chunk.map((k) => k.value))],
    );
    const groups = groupBy(
      rows,
      (row) => `${row.scheme}\u0000${row.value}`,
      (row) => row,
    );
    const updates = [...groups.values()].flatMap((holders) =>
      ownershipOf(holders.map((h) => ({ companyId: h.company_id, since: h.first_seen ?? istDateOf(h.known_at.toISOString()) }))).map(
        (o) => ({
          scheme: holders[0]?.scheme,
          value: holders[0]?.value,
          company_id: o.companyId,
          resolve_from: o.from,
          resolve_to: o.to,
        }),
      ),
    );
    if (updates.length === 0) continue;
    await tx.query(
      `update ${COMPANY_IDENTIFIERS} i set resolve_from = u.resolve_from, resolve_to = u.resolve_to
       from jsonb_to_recordset($1::jsonb) as u(scheme text, value text, company_id uuid, resolve_from date, resolve_to date)
       where i.scheme = u.scheme and i.value = u.value and i.company_id = u.company_id
         and (i.resolve_from is distinct from u.resolve_from or i.resolve_to is distinct from u.resolve_to)`,
      [JSON.stringify(updates)],
    );
  }
}
