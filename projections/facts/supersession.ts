import type { SqlExecutor } from '../../src/db/db.ts';
import { FACT_KEY_COLUMNS, FACTS } from './tables.ts';

export interface FactKeyRow {
  readonly company_id: string;
  readonly concept: string;
  readonly basis: string;
  readonly period_type: string;
  readonly period_end: string;
}

export const FACT_KEY_RECORD = 'company_id uuid, concept text, basis text, period_type text, period_end date';

/**
 * Recomputes `superseded_at` for every version of the given keys from scratch: each
 * version is superseded by the `known_at` of the next one in (known_at, filing_id) order.
 * Deriving it from the whole chain, rather than patching neighbours, is what makes the
 * result independent of the order versions arrived in.
 */
export async function recomputeSupersession(tx: SqlExecutor, keys: readonly FactKeyRow[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(
    `with keys as (
       select distinct * from jsonb_to_recordset($1::jsonb) as k(${FACT_KEY_RECORD})
     ),
     chain as (
       select f.company_id, f.concept, f.basis, f.period_type, f.period_end, f.known_at, f.filing_id,
              lead(f.known_at) over (
                partition by f.company_id, f.concept, f.basis, f.period_type, f.period_end
                order by f.known_at, f.filing_id
              ) as next_known_at
       from ${FACTS} f join keys k using (${FACT_KEY_COLUMNS})
     )
     update ${FACTS} f set superseded_at = c.next_known_at
     from chain c
     where f.company_id = c.company_id and f.concept = c.concept and f.basis = c.basis
       and f.period_type = c.period_type and f.period_end = c.period_end
       and f.known_at = c.known_at and f.filing_id = c.filing_id
       and f.superseded_at is distinct from c.next_known_at`,
    [JSON.stringify(keys)],
  );
}
