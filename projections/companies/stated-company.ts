import type { ReportedIdentity } from '#schemas/events';
import { COMPANIES, COMPANY_IDENTIFIERS } from './tables.ts';

/**
 * SQL shared by the read models whose rows name their company as the source did: a row
 * whose source stated a company ISIN has `company_id` (the ISIN's issuer, a pure function
 * of the row); any other row (a BSE scrip code, an NSE symbol) belongs to the company its
 * stated identifiers resolve to on the row's date, by the security master as it stands now:
 * a BSE code first (never reused), then an NSE symbol (held by one company per day). So a
 * file read before the master list that names its company loses nothing, and the link
 * never depends on the order files arrived in. Rows need the columns `company_id`,
 * `reported_name`, `reported_nse_symbol`, `reported_bse_code`, `reported_isin` and
 * `reported_cin`. Aliases and date expressions come from code, never input.
 */

/** A lateral join exposing `<as>.company_id`: the company a row without one resolves to on `day`, else null. */
export function statedCompanyJoin(row: string, as: string, day: string): string {
  return `left join lateral (
      select i.company_id from ${COMPANY_IDENTIFIERS} i
      where ${row}.company_id is null
        and ((i.scheme = 'bse' and i.value = ${row}.reported_bse_code)
          or (i.scheme = 'nse' and i.value = ${row}.reported_nse_symbol))
        and (i.resolve_from is null or i.resolve_from <= (${day})::date)
        and (i.resolve_to is null or (${day})::date < i.resolve_to)
      order by case i.scheme when 'bse' then 0 else 1 end
      limit 1
    ) ${as} on true`;
}

/** The company id a row is about: its own, else the one its stated identifiers resolve to. */
export const resolvedCompanyId = (row: string, as: string): string => `coalesce(${row}.company_id, ${as}.company_id)`;

/** Joins the companies table (as `company`) on the resolved company, for the identity columns. */
export const companyJoin = (row: string, as: string, company: string): string =>
  `left join ${COMPANIES} ${company} on ${company}.company_id = ${resolvedCompanyId(row, as)}`;

/** The identity columns (see IdentityColumns): the company's own, else as stated. */
export function identityColumns(row: string, as: string, company: string): string {
  return `${resolvedCompanyId(row, as)}::text as company_id,
    coalesce(${company}.name, ${row}.reported_name) as name,
    coalesce(${company}.nse_symbol, ${row}.reported_nse_symbol) as nse_symbol,
    coalesce(${company}.bse_code, ${row}.reported_bse_code) as bse_code,
    coalesce(${company}.isin, ${row}.reported_isin) as isin,
    coalesce(${company}.cin, ${row}.reported_cin) as cin`;
}

const identifiersOf = (param: string, scheme: 'nse' | 'bse') =>
  `array(select value from ${COMPANY_IDENTIFIERS} where company_id = ${param} and scheme = '${scheme}')`;

/**
 * A condition: the row belongs to company `param` (a placeholder such as `$1`). The first
 * part only narrows the candidates with indexes (the row's company id, or a stated
 * identifier the company has ever had); the second decides exactly, through
 * `statedCompanyJoin` on the row's date, so a symbol another company held then does not count.
 */
export function belongsToCompany(row: string, as: string, param: string): string {
  return `(${row}.company_id = ${param}
      or (${row}.company_id is null and ${row}.reported_nse_symbol = any(${identifiersOf(param, 'nse')}))
      or (${row}.company_id is null and ${row}.reported_bse_code = any(${identifiersOf(param, 'bse')})))
    and ${resolvedCompanyId(row, as)} = ${param}`;
}

/** The stated-identity columns of a row: its company exactly as the source stated it. */
export interface StatedIdentityRow {
  readonly reported_name: string | null;
  readonly reported_nse_symbol: string | null;
  readonly reported_bse_code: string | null;
  readonly reported_isin: string | null;
  readonly reported_cin: string | null;
}

export const statedIdentityRow = (company: ReportedIdentity): StatedIdentityRow => ({
  reported_name: company.name,
  reported_nse_symbol: company.nseSymbol,
  reported_bse_code: company.bseCode,
  reported_isin: company.isin,
  reported_cin: company.cin,
});

/**
 * The stated-identity columns in a `create table`, at the indent and alignment the tables
 * use (the DDL text must not change, or the projection's version would have to).
 */
export const STATED_IDENTITY_COLUMNS = `reported_name        text,
      reported_nse_symbol  text,
      reported_bse_code    text,
      reported_isin        text,
      reported_cin         text`;

/** Partial indexes that serve `belongsToCompany` for rows without a company id. */
export function statedIdentityIndexes(table: string): string {
  return ['nse_symbol', 'bse_code']
    .map((column) => `create index if not exists ${table}_reported_${column}_ix on ${table} (reported_${column}) where company_id is null;`)
    .join('\n');
}

/** The day in India of a timestamp column, for `statedCompanyJoin`. */
export const istDay = (column: string): string => `${column} at time zone 'Asia/Kolkata'`;
