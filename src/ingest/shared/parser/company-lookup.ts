import { deterministicId } from '#platform/event-id';
import { companyIdOfIsin, holderOn, type Ownership } from '#domain/identity';

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
 * A company's id from the ISIN of any of its securities: the id of the ISIN's issuer
 * (src/domain/identity/anchor.ts), so every source that states an ISIN names the same company
 * without consulting anything, across splits that change the ISIN's serial.
 */
export function companyIdFromIsin(isin: string): string {
  return companyIdOfIsin(isin) ?? deterministicId('company:isin', isin.trim().toUpperCase());
}

/** An instrument is one security on one exchange. */
export function instrumentIdOf(exchange: 'NSE' | 'BSE', isinOrTicker: string): string {
  return deterministicId('instrument', `${exchange}:${isinOrTicker.trim().toUpperCase()}`);
}

/** One company's hold on a symbol or code, as the companies read model has it. */
export interface KnownHolding extends Ownership {
  readonly scheme: string;
  readonly value: string;
}

/**
 * A lookup over known holdings (symbol and scrip code to company, by day), used only when
 * a source states no ISIN. The ISIN, when given, always decides. A symbol resolves to its
 * holder now, by the same rule as every read (src/read/identity/resolve-company.ts).
 */
export function createCompanyLookup(holdings: readonly KnownHolding[] = []): CompanyLookup {
  const byKey = new Map<string, KnownHolding[]>();
  for (const h of holdings) {
    const key = `${h.scheme}:${h.value}`;
    const list = byKey.get(key);
    if (list) list.push(h);
    else byKey.set(key, [h]);
  }
  const holder = (scheme: string, value: string | undefined) =>
    value ? holderOn(byKey.get(`${scheme}:${value}`) ?? [], null)?.companyId : undefined;
  return {
    resolve(ref) {
      const isin = ref.isin?.trim().toUpperCase();
      if (isin) return companyIdOfIsin(isin);
      // A BSE code first (never reused), then the NSE symbol, as records are linked when read.
      return holder('bse', ref.bseCode?.trim()) ?? holder('nse', ref.nseSymbol?.trim().toUpperCase()) ?? null;
    },
  };
}
