import type { FactConcept, Basis } from '#schemas/common';
import type { FactVersion } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { toFactVersion, versionColumns, type VersionRow } from './queries.ts';
import { SELECT_FACT } from './select-fact.ts';
import { FACTS } from './tables.ts';

export interface ListRestatedVersionsParams {
  readonly companyId: string;
  /** Only these concepts; undefined or empty means every concept. */
  readonly concepts?: readonly FactConcept[] | undefined;
  readonly basis: Basis;
  readonly fiscalYear?: number | null | undefined;
  readonly fiscalQuarter?: number | null | undefined;
  /** Only the versions knowable at this instant, a later supersession hidden; undefined means every version. */
  readonly asOf?: string | null | undefined;
}

/**
 * The version chains of one company's restated facts: every fact key (concept, basis,
 * period type, period end) with two versions of different values knowable at `asOf`, each
 * chain oldest first, as `listFactVersions` gives one. Newest period first. Facts re-reported
 * with the same value are not restated and are left out.
 */
export async function listRestatedVersions(db: SqlExecutor, params: ListRestatedVersionsParams): Promise<FactVersion[]> {
  const { rows } = await db.query<VersionRow>(
    `select ${versionColumns('$5')}
     from (${SELECT_FACT}
           where f.company_id = $1
             and ($2::text[] is null or f.concept = any($2::text[]))
             and f.basis = $3
             and ($4::int is null or f.fiscal_year = $4::int)
             and ($6::int is null or f.fiscal_quarter = $6::int)
             and ($5::timestamptz is null or f.known_at <= $5::timestamptz)
             and exists (
               select 1 from ${FACTS} g
               where g.company_id = f.company_id and g.period_end = f.period_end and g.concept = f.concept
                 and g.basis = f.basis and g.period_type = f.period_type and g.value <> f.value
                 and ($5::timestamptz is null or g.known_at <= $5::timestamptz))
          ) v
     window chain as (partition by v.period_end, v.concept, v.period_type order by v.known_at, v.filing_id)
     order by v.period_end desc, v.concept, v.period_type, v.known_at, v.filing_id`,
    [
      params.companyId,
      params.concepts && params.concepts.length > 0 ? params.concepts : null,
      params.basis,
      params.fiscalYear ?? null,
      params.asOf ?? null,
      params.fiscalQuarter ?? null,
    ],
  );
  return rows.map(toFactVersion);
}
