import type { Basis } from '#schemas/common';
import { addDays, daysBetween, weekdayOnOrAfter } from '#platform/time';
import { pickCompanyName } from './company-names.ts';
import { ISSUER_CODES, syntheticEquityIsin } from './isin.ts';
import { prngFor } from './prng.ts';
import { SECTORS, type SectorProfile } from './sectors.ts';

/** The month a company's fiscal year ends in: most Indian companies March, a few December. */
export type YearEnd = 'march' | 'december';
/** The rounding a company's results are filed in: whole crores (10^7 rupees) or lakhs (10^5). */
export type Rounding = 'crore' | 'lakh';

export const ROUNDING_POWER: Readonly<Record<Rounding, number>> = { crore: 7, lakh: 5 };

/** One synthetic listed company: who it is and how it reports. */
export interface Company {
  readonly index: number;
  readonly name: string;
  readonly symbol: string;
  readonly isin: string;
  readonly bseCode: string;
  /** BSE's Security Id (BSE's short name of the scrip). */
  readonly bseId: string;
  readonly sector: SectorProfile;
  readonly yearEnd: YearEnd;
  /** Standalone always; consolidated too for companies with subsidiaries. */
  readonly bases: readonly Basis[];
  readonly rounding: Rounding;
  /** Revenue of the first simulated fiscal year, in crore: the company's size. */
  readonly revenueCrore: number;
  readonly listingDate: string;
  /** BSE's group: A for the large companies, B for the rest. */
  readonly group: 'A' | 'B';
}

const BOTH_BASES_SHARE = 0.4;
const NSE_FIRST_DAY = '1994-11-03';
/** Every twentieth company (from the eighth) runs January to December, so 8 companies include one. */
const isCalendarYearCompany = (index: number) => index % 20 === 7;

/**
 * Revenue from about 150 crore to 2 lakh crore a year, log-scaled and skewed to the small
 * end as a market's listed companies are (median about 700 crore, one in twenty above
 * 90,000 crore).
 */
function revenueCroreOf(u: number): number {
  const low = Math.log(150);
  const high = Math.log(200_000);
  return Math.round(Math.exp(low + u ** 2.2 * (high - low)));
}

/**
 * The companies of a dataset. Identifiers are offset by the seed so datasets of different
 * seeds do not share ISINs or scrip codes; each company's traits come from its own stream.
 */
export function buildUniverse(options: { companies: number; seed: number; firstPeriodStart: string }): Company[] {
  const takenNames = new Set<string>();
  const takenSymbols = new Set<string>();
  const offset = (options.seed * 7919) % ISSUER_CODES;
  // Listed between NSE's first day (3 Nov 1994) and a year before the first period filed;
  // a dataset reaching further back lists its companies in the decade before it.
  const latestListing = addDays(options.firstPeriodStart, -365);
  const earliestListing = [NSE_FIRST_DAY, addDays(latestListing, -3650)].sort()[0] ?? NSE_FIRST_DAY;
  const listingSpan = Math.max(1, daysBetween(earliestListing, latestListing));
  return Array.from({ length: options.companies }, (_, index) => {
    const rng = prngFor(options.seed, 'company', index, 'identity');
    const sector = rng.pick(SECTORS);
    const { name, symbol } = pickCompanyName(rng, sector.nouns, takenNames, takenSymbols);
    const revenueCrore = revenueCroreOf(rng.next());
    // Large companies report in crores, smaller ones in lakhs, whose figures would be coarse in whole crores.
    const rounding: Rounding = rng.chance(revenueCrore >= 5_000 ? 0.9 : revenueCrore >= 1_000 ? 0.3 : 0) ? 'crore' : 'lakh';
    const bothBases = index === 0 || rng.chance(BOTH_BASES_SHARE);
    return {
      index,
      name,
      symbol,
      isin: syntheticEquityIsin(offset + index),
      bseCode: String(900_000 + ((offset + index) % 100_000)),
      bseId: symbol.slice(0, 12),
      sector,
      yearEnd: isCalendarYearCompany(index) ? 'december' : 'march',
      bases: bothBases ? ['standalone', 'consolidated'] : ['standalone'],
      rounding,
      revenueCrore,
      listingDate: weekdayOnOrAfter(addDays(earliestListing, rng.int(0, listingSpan))),
      group: revenueCrore >= 10_000 ? 'A' : 'B',
    };
  });
}
