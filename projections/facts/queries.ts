import type { ReportedConcept } from '../../schemas/common/concepts.ts';
import type { PeriodFilter } from '../../schemas/common/period.ts';
import type { Basis } from '../../schemas/common/primitives.ts';
import type { Fact, FactKey, FactVersion } from '../../schemas/read-models/fact.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import { type IdentityColumns, toCompanyIdentity } from '../companies/company-identity.ts';
import { COMPANIES } from '../companies/tables.ts';
import { FACT_FILINGS, FACTS } from './tables.ts';

export interface ListFactsParams {
  readonly companyId: string;
  readonly concepts?: readonly ReportedConcept[] | undefined;
  readonly period?: PeriodFilter | undefined;
  readonly basis?: Basis | undefined;
  /** What was knowable at this instant; undefined means the current versions. */
  readonly asOf?: string | undefined;
  readonly limit: number;
}

interface FactRowRead extends IdentityColumns {
  concept: Fact['concept'];
  basis: Fact['basis'];
  period_type: Fact['period']['type'];
  period_start: string | null;
  period_end: string;
  fiscal_year: number;
  fiscal_quarter: number | null;
  value: string;
  unit: Fact['unit'];
  decimals: number | null;
  scale: string | null;
  element: string | null;
  filing_id: string;
  document_type: string;
  source_url: string | null;
  known_at: Date;
  recorded_at: Date;
}

// The facts are chosen first; their filing and company are then looked up row by row
// through the primary keys (lateral joins, kept apart by `limit 1` so the planner cannot
// turn them into a hash join), so a page costs index lookups, never a scan
// of the filings table, however many filings there are.
const SELECT_FACT = `
  select f.company_id::text as company_id,
         coalesce(c.name, fl.reported_name) as name,
         coalesce(c.nse_symbol, fl.reported_nse_symbol) as nse_symbol,
         coalesce(c.bse_code, fl.reported_bse_code) as bse_code,
         coalesce(c.isin, fl.reported_isin) as isin,
         coalesce(c.cin, fl.reported_cin) as cin,
         f.concept, f.basis, f.period_type, f.period_start, f.period_end, f.fiscal_year, f.fiscal_quarter,
         f.value, f.unit, f.decimals, f.scale, f.element, f.filing_id::text as filing_id,
         fl.document_type, fl.source_url, f.known_at, fl.recorded_at, f.superseded_at
  from ${FACTS} f
  cross join lateral (select * from ${FACT_FILINGS} x where x.filing_id = f.filing_id limit 1) fl
  left join lateral (select * from ${COMPANIES} y where y.company_id = f.company_id limit 1) c on true`;

// Fixed fragments chosen by enum values; user input only ever reaches SQL as parameters.
const PERIOD_FILTER: Record<PeriodFilter, string> = {
  any: 'true',
  annual: `(f.period_type = 'annual' or (f.period_type = 'instant' and f.fiscal_quarter = 4))`,
  quarterly: `f.period_type in ('quarterly', 'instant')`,
};

const KNOWN_NOW = 'f.superseded_at is null';
const KNOWN_AS_OF = 'f.known_at <= $5 and (f.superseded_at is null or f.superseded_at > $5)';

export function toFact(row: FactRowRead): Fact {
  return {
    company: toCompanyIdentity(row),
    concept: row.concept,
    basis: row.basis,
    period: {
      type: row.period_type,
      start: row.period_start,
      end: row.period_end,
      fiscal_year: row.fiscal_year,
      fiscal_quarter: row.fiscal_quarter,
    },
    value: row.value,
    unit: row.unit,
    decimals: row.decimals,
    scale: row.scale,
    filing_id: row.filing_id,
    document_type: row.document_type,
    source_url: row.source_url,
    element: row.element,
    known_at: row.known_at.toISOString(),
    recorded_at: row.recorded_at.toISOString(),
  };
}

/** The statement `listFacts` runs, exposed so its plan can be checked. */
export function listFactsQuery(params: ListFactsParams): { text: string; values: unknown[] } {
  const known = params.asOf === undefined ? KNOWN_NOW : KNOWN_AS_OF;
  return {
    text: `${SELECT_FACT}
     where f.company_id = $1
       and ($2::text[] is null or f.concept = any($2::text[]))
       and ($3::text is null or f.basis = $3)
       and ${PERIOD_FILTER[params.period ?? 'any']}
       and ${known}
     order by f.period_end desc, f.period_type, f.concept, f.basis
     limit $4`,
    values: [
      params.companyId,
      params.concepts && params.concepts.length > 0 ? params.concepts : null,
      params.basis ?? null,
      params.limit,
      ...(params.asOf === undefined ? [] : [params.asOf]),
    ],
  };
}

/**
 * The facts of one company as known at `asOf` (or now): for each fact key, the version
 * with the greatest `known_at` not after `asOf`. Newest period first.
 */
export async function listFacts(db: SqlExecutor, params: ListFactsParams): Promise<Fact[]> {
  const { text, values } = listFactsQuery(params);
  const { rows } = await db.query<FactRowRead>(text, values);
  return rows.map(toFact);
}

type VersionRow = FactRowRead & {
  superseded_at: Date | null;
  previous_value: string | null;
  value_changed: boolean | null;
};

/**
 * Every version of one fact, oldest first, with what each changed. Values are compared
 * as numbers by the database, so "100.00" re-reported as "100" is unchanged.
 */
export async function getFactVersions(db: SqlExecutor, key: FactKey): Promise<FactVersion[]> {
  const { rows } = await db.query<VersionRow>(
    `select v.*, lag(v.value) over chain as previous_value, v.value <> lag(v.value) over chain as value_changed
     from (${SELECT_FACT}
           where f.company_id = $1 and f.concept = $2 and f.basis = $3 and f.period_type = $4 and f.period_end = $5
          ) v
     window chain as (order by v.known_at, v.filing_id)
     order by v.known_at, v.filing_id`,
    [key.companyId, key.concept, key.basis, key.periodType, key.periodEnd],
  );
  return rows.map((row) => ({
    ...toFact(row),
    superseded_at: row.superseded_at?.toISOString() ?? null,
    previous_value: row.previous_value,
    change: row.value_changed === null ? 'initial' : row.value_changed ? 'restated' : 'unchanged',
  }));
}
