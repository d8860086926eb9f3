import { LRUCache } from 'lru-cache';
import { resolveCompany } from '../../projections/companies/queries.ts';
import type { Company } from '../../schemas/read-models/company.ts';
import type { SqlExecutor } from '../db/db.ts';
import { NotFoundError } from '../errors.ts';

export interface CompanyResolver {
  /** The one company a reference names exactly, or a 404 that says how to find it. */
  require(reference: string): Promise<Company>;
}

/**
 * Resolves company references, remembering each found company for `ttlMs` (10 s) per
 * process: most requests name a company, and the master changes rarely, so a rename or a
 * new symbol shows within seconds. A reference that resolves to nothing is never
 * remembered, so a company becomes resolvable as soon as it is projected.
 */
export function createCompanyResolver(db: SqlExecutor, ttlMs = 10_000): CompanyResolver {
  const found = new LRUCache<string, Company>({ max: 10_000, ttl: ttlMs });
  return {
    async require(reference) {
      const cached = found.get(reference);
      if (cached) return cached;
      const company = await resolveCompany(db, reference);
      if (!company) {
        throw new NotFoundError(
          `no company has the identifier '${reference}' (a ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or UUID); use POST /v1/search to find a company by name`,
        );
      }
      found.set(reference, company);
      return company;
    },
  };
}
