import { COMPANIES, COMPANY_IDENTIFIERS } from '../companies/tables.ts';

/**
 * SQL shared by the read models whose rows may carry no company id: an event's companyId is
 * null when ingestion could not resolve the stated identifiers yet (the file came before the
 * master list that names the company). Such a row belongs to the company its stated
 * identifiers resolve to *now*, in the ingestion's order: ISIN, then NSE symbol, then BSE
 * code. Rows need the columns `company_id`, `reported_name`, `reported_nse_symbol`,
 * `reported_bse_code`, `reported_isin` and `reported_cin`. Aliases come from code, never input.
 */

/** A lateral join exposing `<as>.company_id`: the company a row without one resolves to, else null. */
export function statedCompanyJoin(row: string, as: string): string {
  return `left join lateral (
      select i.company_id from ${COMPANY_IDENTIFIERS} i
      where ${row}.company_id is null
        and ((i.scheme = 'isin' and i.value = ${row}.reported_isin)
          or (i.scheme = 'nse' and i.value = ${row}.reported_nse_symbol)
          or (i.scheme = 'bse' and i.value = ${row}.reported_bse_code))
      order by case i.scheme when 'isin' then 0 when 'nse' then 1 else 2 end
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

const identifiersOf = (param: string, scheme: string) =>
  `array(select value from ${COMPANY_IDENTIFIERS} where company_id = ${param} and scheme = '${scheme}')`;

/**
 * A condition: the row belongs to company `param` (a placeholder such as `$1`). The first
 * part only narrows the candidates with indexes (the row's company id, or a stated
 * identifier that is one of the company's); the second decides exactly, through
 * `statedCompanyJoin`, so a row whose symbol and scrip code point at two companies is
 * counted under one.
 */
export function belongsToCompany(row: string, as: string, param: string): string {
  return `(${row}.company_id = ${param}
      or (${row}.company_id is null and ${row}.reported_isin = any(${identifiersOf(param, 'isin')}))
      or (${row}.company_id is null and ${row}.reported_nse_symbol = any(${identifiersOf(param, 'nse')}))
      or (${row}.company_id is null and ${row}.reported_bse_code = any(${identifiersOf(param, 'bse')})))
    and ${resolvedCompanyId(row, as)} = ${param}`;
}

/** Partial indexes that serve `belongsToCompany` for rows without a company id. */
export function statedIdentityIndexes(table: string): string {
  return ['isin', 'nse_symbol', 'bse_code']
    .map(
      (column) =>
        `create index if not exists ${table}_reported_${column}_ix on ${table} (reported_${column}) where company_id is null;`,
    )
    .join('\n');
}
