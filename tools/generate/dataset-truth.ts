import type { FactConcept, PeriodType, Basis } from '#schemas/common';
import type { GenerateOptions } from './generate-options.ts';
import type { RestatementKind } from './restatement.ts';
import type { Rounding, YearEnd } from './universe.ts';

/**
 * What the generator wrote, so tests can hold the real parsers to it. Values are exact
 * decimal strings in the shortest form (`52070000000`, `58.1`, `0`), as parsers normalise
 * them; percentages and prices are kept as written (`13.20`).
 */
export interface TruthFact {
  readonly concept: FactConcept;
  readonly periodType: PeriodType;
  /** Null for an instant. */
  readonly periodStart: string | null;
  readonly periodEnd: string;
  readonly fiscalYear: number;
  /** Null for a whole fiscal year. */
  readonly fiscalQuarter: number | null;
  readonly unit: 'INR' | 'INR/share';
  /** Rupees (or rupees per share), exact. */
  readonly value: string;
}

export interface FilingTruth {
  /** The NSE file name, e.g. INDAS_300001_3000011_28012025064516.xml. */
  readonly fileName: string;
  /** Where it is in the dataset folder. */
  readonly path: string;
  readonly xbrlUrl: string;
  readonly basis: Basis;
  /** NSE's dissemination time (`exchdisstime`), UTC ISO: the filing's knownAt. */
  readonly disseminatedAt: string;
  readonly isRevision: boolean;
  /** For a revision, the file name of the original it replaces. */
  readonly revisionOf: string | null;
  /** For a revised filing and its original, what changed between them. */
  readonly restatement: RestatementKind | null;
  /** Disseminated months after the period, not 30 to 60 days. */
  readonly late: boolean;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly fiscalYear: number;
  readonly fiscalQuarter: number;
  readonly fiscalYearStart: string;
  readonly fiscalYearEnd: string;
  readonly rounding: Rounding;
  /** Computed from the filing's statements on each read (a fresh array each time). */
  readonly facts: readonly TruthFact[];
}

export interface CompanyIdentityTruth {
  readonly index: number;
  readonly name: string;
  readonly symbol: string;
  readonly isin: string;
  readonly bseCode: string;
  readonly bseId: string;
  /** NSE's sector name (NIFTY spelling). */
  readonly sector: string;
  readonly industry: string;
  readonly yearEnd: YearEnd;
  readonly bases: readonly Basis[];
  readonly rounding: Rounding;
  readonly listingDate: string;
  /** The face value at the end (after any split), as the master lists write it. */
  readonly faceValue: string;
}

export interface ShareholdingTruth {
  readonly periodEnd: string;
  readonly promoterPct: string;
  readonly fiiPct: string;
  readonly diiPct: string;
  readonly governmentPct: string;
  readonly publicPct: string;
}

export interface CorporateActionTruth {
  readonly actionType: 'dividend' | 'bonus_issue' | 'stock_split';
  readonly purpose: string;
  readonly exDate: string;
  readonly recordDate: string;
  readonly amountPerShare: string | null;
  readonly ratio: { readonly new: string; readonly existing: string } | null;
  readonly faceValueFrom: string | null;
  readonly faceValueTo: string | null;
}

/** One day's candle as the bhavcopy writes it. */
export interface PriceTruth {
  readonly date: string;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  /** The close before it, as the bhavcopy states it (PREVCLOSE). */
  readonly previousClose: string;
  readonly volume: string;
  /** Traded value in rupees. */
  readonly value: string;
  readonly trades: number;
}

export interface CompanyTruth {
  readonly identity: CompanyIdentityTruth;
  /** In dissemination order. */
  readonly filings: readonly FilingTruth[];
  readonly shareholding: readonly ShareholdingTruth[];
  readonly corporateActions: readonly CorporateActionTruth[];
  readonly prices: readonly PriceTruth[];
}

export interface DatasetTruth {
  readonly options: GenerateOptions;
  readonly companies: readonly CompanyTruth[];
}
