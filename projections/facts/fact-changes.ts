import type { FactChange } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { toFact } from './queries.ts';
import { SELECT_FACT } from './select-fact.ts';
import { FACT_FILINGS, FACTS } from './tables.ts';

/** Where a change stands in the order of `listFactChanges`: when it became known, then its key. */
export interface FactChangePosition {
  readonly knownAt: string;
  readonly companyId: string;
  readonly periodEnd: string;
  readonly concept: string;
  readonly basis: string;
  readonly periodType: string;
}

export interface ListFactChangesParams {
  /** The earlier knowledge instant: what was visible then is the old value. */
  readonly from: string;
  /** The later one: what was visible then is the new value. */
  readonly to: string;
  /** One company; undefined means every company. */
  readonly companyId?: string | undefined;
  readonly limit: number;
  readonly after?: FactChangePosition | undefined;
}

type ChangeRow = Parameters<typeof toFact>[0] & {
  previous_value: string | null;
  previous_known_at: Date | null;
  previous_filing_id: string | null;
  previous_source_url: string | null;
};

/**
 * The facts whose visible value differs between two knowledge instants: for every fact key
 * whose version valid at `to` became known after `from`, that version beside the one valid at
 * `from`, when their values differ as numbers (a fact re-reported with the same value, as every
 * filing re-reports last year's comparatives, did not change) or there was none (added). A key
 * restated twice in the window is one change, from the value at `from` to the value at `to`,
 * carried by the filing of the later. Ordered by when the change became known, then by key.
 */
export async function listFactChanges(db: SqlExecutor, params: ListFactChangesParams): Promise<FactChange[]> {
  const values: unknown[] = [params.from, params.to, params.companyId ?? null, params.limit];
  const param = (value: unknown) => `$${values.push(value)}`;
  const { after } = params;
  const afterCondition = after
    ? `and (f.known_at, f.company_id, f.period_end, f.concept, f.basis, f.period_type) >
           (${param(after.knownAt)}::timestamptz, ${param(after.companyId)}::uuid, ${param(after.periodEnd)}::date,
            ${param(after.concept)}::text, ${param(after.basis)}::text, ${param(after.periodType)}::text)`
    : '';
  const { rows } = await db.query<ChangeRow>(
    `select f.*, o.value::text as previous_value, o.known_at as previous_known_at, o.filing_id::text as previous_filing_id,
            o.source_url as previous_source_url
     from (${SELECT_FACT}
           where f.known_at > $1::timestamptz and f.known_at <= $2::timestamptz
             and coalesce(f.superseded_at, 'infinity'::timestamptz) > $2::timestamptz
             and ($3::uuid is null or f.company_id = $3::uuid)
             ${afterCondition}
          ) f
     left join lateral (
       select p.value, p.known_at, p.filing_id,
              (select x.source_url from ${FACT_FILINGS} x where x.filing_id = p.filing_id) as source_url
       from ${FACTS} p
       where p.company_id = f.company_id::uuid and p.period_end = f.period_end and p.concept = f.concept and p.basis = f.basis
         and p.period_type = f.period_type and p.known_at <= $1::timestamptz
         and coalesce(p.superseded_at, 'infinity'::timestamptz) > $1::timestamptz
       limit 1
     ) o on true
     where o.value is null or o.value <> f.value
     order by f.known_at, f.company_id::uuid, f.period_end, f.concept, f.basis, f.period_type
     limit $4`,
    values,
  );
  return rows.map((row) => ({
    ...toFact(row),
    change: row.previous_value === null ? ('added' as const) : ('restated' as const),
    previous_value: row.previous_value,
    previous_known_at: row.previous_known_at?.toISOString() ?? null,
    previous_filing_id: row.previous_filing_id,
    previous_source_url: row.previous_source_url,
  }));
}

export const positionOfChange = (change: FactChange): FactChangePosition => ({
  knownAt: change.known_at,
  companyId: change.company.id,
  periodEnd: change.period.end,
  concept: change.concept,
  basis: change.basis,
  periodType: change.period.type,
});
