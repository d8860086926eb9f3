import { COMPANIES } from '#projections/companies';
import { FACT_FILINGS, FACTS, REPLACED_FACTS, REPLACED_PARSES } from './tables.ts';

/** The columns of a fact read, from fact rows `f`, their parse's filing row `fl` and the company `c`. */
const factColumns = (fl: string) => `
  f.company_id::text as company_id,
  coalesce(c.name, ${fl}.reported_name) as name,
  coalesce(c.nse_symbol, ${fl}.reported_nse_symbol) as nse_symbol,
  coalesce(c.bse_code, ${fl}.reported_bse_code) as bse_code,
  coalesce(c.isin, ${fl}.reported_isin) as isin,
  coalesce(c.cin, ${fl}.reported_cin) as cin,
  f.concept, f.basis, f.period_type, f.period_start, f.period_end, f.fiscal_year, f.fiscal_quarter,
  f.value, f.unit, f.decimals, f.scale, f.element, f.filing_id::text as filing_id,
  ${fl}.document_type, ${fl}.is_revision, ${fl}.source_url, f.known_at, ${fl}.recorded_at, f.revision_number, ${fl}.parser_version,
  f.superseded_at`;

const COMPANY = `left join lateral (select * from ${COMPANIES} y where y.company_id = f.company_id limit 1) c on true`;

/**
 * The facts of `source` (the facts table, or a query's own rows of it), each with its filing
 * and company; a query appends its `where` on `f`. The facts are chosen first; their filing
 * and company are then looked up row by row through the primary keys (lateral joins, kept
 * apart by `limit 1` so the planner cannot turn them into a hash join), so a page costs index
 * lookups, never a scan of the filings table, however many filings there are.
 */
export const selectFactFrom = (source: string) => `
  select ${factColumns('fl')}
  from ${source} f
  cross join lateral (select * from ${FACT_FILINGS} x where x.filing_id = f.filing_id limit 1) fl
  ${COMPANY}`;

/** The facts as the table holds them, each with its filing and company (`selectFactFrom`). */
export const SELECT_FACT = selectFactFrom(FACTS);

const PARSED_FACT = `f.company_id, f.period_end, f.concept, f.basis, f.period_type, f.known_at, f.filing_id,
  f.period_start, f.fiscal_year, f.fiscal_quarter, f.value, f.unit, f.decimals, f.scale, f.element,
  fl.document_type, fl.is_revision, fl.source_url, fl.recorded_at, fl.parser_version, fl.reported_name,
  fl.reported_nse_symbol, fl.reported_bse_code, fl.reported_isin, fl.reported_cin`;

/**
 * The facts as this service had recorded them at the instant `recordedAt` (an SQL
 * parameter): of each filing, the parse in force then (the held one if recorded by then,
 * else the replaced one whose record interval covers it), with `superseded_at` and
 * `revision_number` computed over those versions as the table would have held them. `keyConditions` (on `f`, fact-key columns
 * only) choose the keys before supersession is computed; a query appends its `where` on `f`.
 * An audit read: it sorts the chosen keys' versions, so keep the keys few (one company).
 */
export function selectFactRecordedBy(keyConditions: string, recordedAt: string): string {
  const at = `${recordedAt}::timestamptz`;
  return `
  select ${factColumns('f')}
  from (
    select v.*, lead(v.known_at) over chain as superseded_at, (row_number() over chain - 1)::int as revision_number
    from (
      select ${PARSED_FACT}
      from ${FACTS} f
      cross join lateral (select * from ${FACT_FILINGS} x where x.filing_id = f.filing_id limit 1) fl
      where ${keyConditions} and fl.recorded_at <= ${at}
      union all
      select ${PARSED_FACT}
      from ${REPLACED_FACTS} f
      cross join lateral (select * from ${REPLACED_PARSES} x where x.event_id = f.event_id limit 1) fl
      where ${keyConditions} and fl.recorded_at <= ${at} and fl.replaced_at > ${at}
    ) v
    window chain as (partition by v.company_id, v.period_end, v.concept, v.basis, v.period_type order by v.known_at, v.filing_id)
  ) f
  ${COMPANY}`;
}
