import { LRUCache } from 'lru-cache';
import type { Company } from '../../../schemas/read-models/company.ts';
import type { SqlExecutor } from '../../platform/db/db.ts';
import { NotFoundError } from '../../platform/errors/index.ts';
import { dayOfInstant, type ResolveOptions, resolveCompany } from './resolve-company.ts';

export interface CompanyResolver {
  /** The one company a reference names exactly (with the identifiers valid at `asOf`), or a 404 that says how to find it. */
  require(reference: string, options?: ResolveOptions): Promise<Company>;
  /** Forgets every company remembered, and what lookups under way would remember: the master changed. */
  forget(): void;
}

/**
 * Resolves company references through `resolveCompany`, remembering each found company for
 * `ttlMs` (10 s) per process and day: most requests name a company, and the master changes
 * rarely, so a rename or a new symbol shows within seconds. A reference that resolves to
 * nothing is never remembered, so a company becomes resolvable as soon as it is projected.
 */
export function createCompanyResolver(db: SqlExecutor, ttlMs = 10_000): CompanyResolver {
  const found = new LRUCache<string, Company>({ max: 10_000, ttl: ttlMs });
  let epoch = 0;
  return {
    async require(reference, options = {}) {
      const key = `${dayOfInstant(options.asOf) ?? 'now'}\u0000${reference}`;
      const cached = found.get(key);
      if (cached) return cached;
      const started = epoch;
      const company = await resolveCompany(db, reference, options);
      if (!company) {
        throw new NotFoundError(
          `no company has the identifier '${reference}' (a ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or UUID); use POST /v1/search to find a company by name`,
        );
      }
      if (started === epoch) found.set(key, company);
      return company;
    },
    forget() {
      epoch++;
      found.clear();
    },
  };
}
