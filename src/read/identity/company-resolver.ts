import { LRUCache } from 'lru-cache';
import type { Company } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { NotFoundError } from '#platform/errors';
import { dayOfInstant, type ResolveOptions, resolveCompany } from './resolve-company.ts';

export interface CompanyResolver {
  /** The one company a reference names exactly (with the identifiers valid at `asOf`), or a 404 that says how to find it. */
  require(reference: string, options?: ResolveOptions): Promise<Company>;
  /** Forgets every company remembered, and what lookups under way would remember: the master changed. */
  forget(): void;
  /**
   * Whether every move of the projections reaches `forget` from now on (true), or may not
   * (false: listening was lost). Everything remembered is forgotten either way.
   */
  hearing(heard: boolean): void;
}

export interface CompanyResolverOptions {
  /** How long a company is remembered while moves may go unheard; 10 s by default. */
  readonly ttlMs?: number;
  /** How long while every move is heard (and forgets it); 10 minutes by default. */
  readonly heardTtlMs?: number;
}

/**
 * Resolves company references through `resolveCompany`, remembering each found company per
 * process and day: most requests name a company, and the master changes only when the
 * projections move. While the process hears every move (`hearing(true)`, and `forget` on
 * each) a company is remembered for `heardTtlMs`; otherwise for `ttlMs`, so a rename or a new
 * symbol shows within seconds. A reference that resolves to nothing is never remembered, so
 * a company becomes resolvable as soon as it is projected.
 */
export function createCompanyResolver(db: SqlExecutor, options: CompanyResolverOptions = {}): CompanyResolver {
  const ttlMs = options.ttlMs ?? 10_000;
  const heardTtlMs = options.heardTtlMs ?? 600_000;
  const found = new LRUCache<string, Company>({ max: 10_000, ttl: ttlMs });
  let epoch = 0;
  let heard = false;
  const forget = () => {
    epoch++;
    found.clear();
  };
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
      if (started === epoch) found.set(key, company, { ttl: heard ? heardTtlMs : ttlMs });
      return company;
    },
    forget,
    hearing(now) {
      forget();
      heard = now;
    },
  };
}
