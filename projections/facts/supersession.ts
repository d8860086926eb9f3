import type { SqlExecutor } from '#platform/db';
import { FACTS } from './tables.ts';

export interface FactKeyRow {
  readonly company_id: string;
  readonly period_end: string;
  readonly concept: string;
  readonly basis: string;
  readonly period_type: string;
}

/** A fact key as one string, for grouping in memory. */
const factKeyOf = (k: FactKeyRow): string => `${k.company_id}|${k.period_end}|${k.concept}|${k.basis}|${k.period_type}`;

/** The key columns as parallel arrays, the shape `unnest` takes. */
function keyArrays(keys: readonly FactKeyRow[]): string[][] {
  const distinct = [...new Map(keys.map((k) => [factKeyOf(k), k])).values()];
  return [
    distinct.map((k) => k.company_id),
    distinct.map((k) => k.period_end),
    distinct.map((k) => k.concept),
    distinct.map((k) => k.basis),
    distinct.map((k) => k.period_type),
  ];
}

/**
 * Recomputes `superseded_at` and `revision_number` for every version of the given keys from
 * scratch: each version is superseded by the `known_at` of the next one in (known_at,
 * filing_id) order, and is numbered by its place in that order from 0.
 * Deriving it from the whole chain, rather than patching neighbours, is what makes the
 * result independent of the order versions arrived in.
 */
export async function recomputeSupersession(tx: SqlExecutor, keys: readonly FactKeyRow[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(
    `with keys as (
       select * from unnest($1::uuid[], $2::date[], $3::text[], $4::text[], $5::text[])
         as k(company_id, period_end, concept, basis, period_type)
     ),
     chain as (
       select f.company_id, f.period_end, f.concept, f.basis, f.period_type, f.known_at, f.filing_id,
              lead(f.known_at) over chain as next_known_at,
              (row_number() over chain - 1)::int as revision
       from ${FACTS} f
       join keys k on f.company_id = k.company_id and f.period_end = k.period_end and f.concept = k.concept
                  and f.basis = k.basis and f.period_type = k.period_type
       window chain as (partition by f.company_id, f.period_end, f.concept, f.basis, f.period_type order by f.known_at, f.filing_id)
     )
     update ${FACTS} f set superseded_at = c.next_known_at, revision_number = c.revision
     from chain c
     where f.company_id = c.company_id and f.period_end = c.period_end and f.concept = c.concept
       and f.basis = c.basis and f.period_type = c.period_type
       and f.known_at = c.known_at and f.filing_id = c.filing_id
       and (f.superseded_at is distinct from c.next_known_at or f.revision_number <> c.revision)`,
    keyArrays(keys),
  );
}
