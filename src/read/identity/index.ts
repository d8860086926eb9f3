// src/read/identity: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { type CompanyResolver, createCompanyResolver } from './company-resolver.ts';
export { requireCompanies } from './require-companies.ts';
export { resolveCompany } from './resolve-company.ts';
export { resolveSecurity, type SecurityReference } from './resolve-security.ts';
export { readShortName } from './short-names.ts';
