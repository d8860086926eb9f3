import type { Company, CompanyIdentity } from '../../schemas/read-models/company.ts';

/** The identity part of a company, as `meta.company` carries it. */
export const companyIdentity = (company: Company): CompanyIdentity => ({
  id: company.id,
  name: company.name,
  nse_symbol: company.nse_symbol,
  bse_code: company.bse_code,
  isin: company.isin,
  cin: company.cin,
});
