// projections/companies: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { type IdentityColumns, identityOfCompany, toCompanyIdentity } from './company-identity.ts';
export { type InstrumentColumns, listCompanies, listInstrumentPage, totalOf } from './list-companies.ts';
export { companiesNamedFrom } from './names-by-initial.ts';
export { companiesProjection } from './projection.ts';
export { chainsWith, getCompany, historiesOf, holdingsOf, listHoldings, withHistories } from './queries.ts';
export {
  belongsToCompany,
  companyJoin,
  identityColumns,
  istDay,
  resolvedCompanyId,
  STATED_IDENTITY_COLUMNS,
  statedCompanyJoin,
  statedIdentityIndexes,
  statedIdentityRow,
  type StatedIdentityRow,
} from './stated-company.ts';
export { COMPANIES, COMPANY_IDENTIFIERS, COMPANY_LISTINGS, INSTRUMENTS, SYMBOL_CHAINS } from './tables.ts';
