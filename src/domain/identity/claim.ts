import type { Anchor } from './anchor.ts';

/**
 * What identity statements can say about a company. `status:NSE` and `listed:NSE` (the
 * listing date) are per exchange; sector and industry are classifications, not identifiers.
 */
export const CLAIM_SCHEMES = [
  'name',
  'isin',
  'nse',
  'bse',
  'cin',
  'sector',
  'industry',
  'status:NSE',
  'status:BSE',
  'listed:NSE',
  'listed:BSE',
] as const;
export type ClaimScheme = (typeof CLAIM_SCHEMES)[number];

/** The identifiers a company's history shows, in this order. */
export const IDENTIFIER_SCHEMES = ['name', 'nse', 'bse', 'isin', 'cin'] as const satisfies readonly ClaimScheme[];
export type IdentifierScheme = (typeof IDENTIFIER_SCHEMES)[number];

/** The events that carry identity statements. */
export type ClaimEventType = 'CompanyRegistered' | 'CompanyUpdated' | 'InstrumentListed' | 'FinancialsReported' | 'ShareholdingReported';

/**
 * One statement of one source about one company, as stored: which anchor it is about, what
 * it says, and where and when it was said. Claims are never updated; what a company is
 * follows from all of its claims together (derive-company.ts), so it does not depend on the
 * order in which they arrived.
 */
export interface Claim {
  readonly anchor: Anchor;
  readonly scheme: ClaimScheme;
  readonly value: string;
  readonly knownAt: string;
  /** The event that made the statement: claims of one event were stated together. */
  readonly statement: string;
  readonly eventType: ClaimEventType;
  /** The publisher in the event's metadata: nse, bse, niftyindices, ... */
  readonly source: string;
  /** The source document (SHA-256) and the parse of it that made the statement, when known. */
  readonly document: string | null;
  readonly parse: string | null;
  readonly sourceFile: string | null;
  readonly sourceUrl: string | null;
}
