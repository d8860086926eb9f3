import type { CompanyIdentity } from '#schemas/read-models';

/**
 * The identity of the company joined as `c`, selected under `company_`-prefixed names so
 * that they never collide with the hit's own columns.
 */
export const COMPANY_COLUMNS = `c.company_id::text as company_ref, c.name as company_name,
  c.nse_symbol as company_nse_symbol, c.bse_code as company_bse_code, c.isin as company_isin, c.cin as company_cin`;

export interface CompanyColumns {
  company_ref: string | null;
  company_name: string | null;
  company_nse_symbol: string | null;
  company_bse_code: string | null;
  company_isin: string | null;
  company_cin: string | null;
}

/** The joined company, or null when the row has none (or it is not in the companies table). */
export function companyFromColumns(row: CompanyColumns): CompanyIdentity | null {
  if (row.company_ref === null) return null;
  return {
    id: row.company_ref,
    name: row.company_name,
    nse_symbol: row.company_nse_symbol,
    bse_code: row.company_bse_code,
    isin: row.company_isin,
    cin: row.company_cin,
  };
}
