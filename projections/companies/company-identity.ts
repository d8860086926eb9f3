import type { CompanyIdentity } from '#schemas/read-models';

/**
 * The identity columns any query selects about a company, named as in the companies table.
 * `Id` is `string | null` where a row may name a company that resolves to none (a disclosure).
 */
export interface IdentityColumns<Id extends string | null = string> {
  company_id: Id;
  name: string | null;
  nse_symbol: string | null;
  bse_code: string | null;
  isin: string | null;
  cin: string | null;
}

export const toCompanyIdentity = <Id extends string | null = string>(
  row: IdentityColumns<Id>,
): Omit<CompanyIdentity, 'id'> & { id: Id } => ({
  id: row.company_id,
  name: row.name,
  nse_symbol: row.nse_symbol,
  bse_code: row.bse_code,
  isin: row.isin,
  cin: row.cin,
});

/** The identity part of a company record. */
export const identityOfCompany = (company: CompanyIdentity): CompanyIdentity => ({
  id: company.id,
  name: company.name,
  nse_symbol: company.nse_symbol,
  bse_code: company.bse_code,
  isin: company.isin,
  cin: company.cin,
});
