import { type CompanyLookup, createCompanyLookup, type KnownHolding } from '../shared/company-lookup.ts';

const MAX_AGE_MS = 2_000;

/**
 * The holdings the companies projection knows (NSE symbols and BSE codes by day), loaded
 * into memory for parsers and refreshed every couple of seconds while ingesting: a master
 * list ingested a moment ago makes its symbols resolvable for the next files.
 */
export function createCompanyDirectory(loadHoldings: () => Promise<readonly KnownHolding[]>) {
  let cached: { lookup: CompanyLookup; at: number } | undefined;
  return {
    async lookup(): Promise<CompanyLookup> {
      if (!cached || Date.now() - cached.at > MAX_AGE_MS) cached = { lookup: createCompanyLookup(await loadHoldings()), at: Date.now() };
      return cached.lookup;
    },
    invalidate(): void {
      cached = undefined;
    },
  };
}
export type CompanyDirectory = ReturnType<typeof createCompanyDirectory>;
