import { type CompanyLookup, createCompanyLookup } from './company-lookup.ts';

/** One known identifier of a company: scheme nse (symbol), bse (scrip code) or isin. */
export interface CompanyIdentifier {
  readonly scheme: string;
  readonly value: string;
  readonly companyId: string;
}

const MAX_AGE_MS = 2_000;

/**
 * The identifiers the companies projection knows (NSE symbol, BSE code, ISIN), loaded
 * into memory for parsers and refreshed every couple of seconds while ingesting: a
 * master list ingested a moment ago makes its symbols resolvable for the next files.
 */
export function createCompanyDirectory(loadIdentifiers: () => Promise<readonly CompanyIdentifier[]>) {
  let cached: { lookup: CompanyLookup; at: number } | undefined;
  const load = async (): Promise<CompanyLookup> => {
    const maps = { nse: new Map<string, string>(), bse: new Map<string, string>(), isin: new Map<string, string>() };
    for (const { scheme, value, companyId } of await loadIdentifiers()) {
      if (scheme === 'nse' || scheme === 'bse' || scheme === 'isin') maps[scheme].set(value, companyId);
    }
    return createCompanyLookup(maps);
  };
  return {
    async lookup(): Promise<CompanyLookup> {
      if (!cached || Date.now() - cached.at > MAX_AGE_MS) cached = { lookup: await load(), at: Date.now() };
      return cached.lookup;
    },
    invalidate(): void {
      cached = undefined;
    },
  };
}
export type CompanyDirectory = ReturnType<typeof createCompanyDirectory>;
