import { resolveCompany } from '../../projections/companies/queries.ts';
import type { Company } from '../../schemas/read-models/company.ts';
import type { SqlExecutor } from '../db/db.ts';
import { NotFoundError } from '../errors.ts';

/**
 * The one company a reference names exactly, or a 404 that says how to find it: a name
 * or a near miss is never resolved here (search offers candidates instead).
 */
export async function requireCompany(db: SqlExecutor, reference: string): Promise<Company> {
  const company = await resolveCompany(db, reference);
  if (!company) {
    throw new NotFoundError(
      `no company has the identifier '${reference}' (a ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or UUID); use POST /v1/search to find a company by name`,
    );
  }
  return company;
}
