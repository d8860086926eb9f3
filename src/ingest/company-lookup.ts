import { deterministicId } from '../event-store/event-id.ts';

/** The identifiers a source may state for a company. */
export interface CompanyRef {
  readonly isin?: string | null | undefined;
  readonly nseSymbol?: string | null | undefined;
  readonly bseCode?: string | null | undefined;
}

/** Resolves reported identifiers to a company id, or null when none is known. */
export interface CompanyLookup {
  resolve(ref: CompanyRef): string | null;
}

/**
 * A company's id is derived from the ISIN of its equity share, so every source that
 * states the ISIN (master lists, index lists, NSE listings, bhavcopies) names the same
 * company without consulting anything.
 */
export function companyIdFromIsin(isin: string): string {
  return deterministicId('company:isin', isin.trim().toUpperCase());
}

/** An instrument is one security on one exchange. */
export function instrumentIdOf(exchange: 'NSE' | 'BSE', isinOrTicker: string): string {
  return deterministicId('instrument', `${exchange}:${isinOrTicker.trim().toUpperCase()}`);
}

/**
 * A lookup over known identifiers (symbol and scrip code to company id), used only when a
 * source states no ISIN. The ISIN, when given, always decides.
 */
export function createCompanyLookup(
  known: { nse?: ReadonlyMap<string, string>; bse?: ReadonlyMap<string, string>; isin?: ReadonlyMap<string, string> } = {},
): CompanyLookup {
  return {
    resolve(ref) {
      const isin = ref.isin?.trim().toUpperCase();
      if (isin) return known.isin?.get(isin) ?? companyIdFromIsin(isin);
      const symbol = ref.nseSymbol?.trim().toUpperCase();
      if (symbol && known.nse?.has(symbol)) return known.nse.get(symbol) ?? null;
      const code = ref.bseCode?.trim();
      if (code && known.bse?.has(code)) return known.bse.get(code) ?? null;
      return null;
    },
  };
}
