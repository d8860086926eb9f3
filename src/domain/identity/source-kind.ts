import type { ClaimEventType, ClaimScheme } from './claim.ts';
import { lookupTable } from '#platform/lookup-table';

/** What kind of source a statement comes from; it decides how much the statement weighs. */
export type SourceKind = 'nse-master' | 'bse-list' | 'index-list' | 'results-listing' | 'filing' | 'shareholding' | 'other';

const BY_FORMAT: Readonly<Record<string, SourceKind>> = lookupTable({
  'nse-equity-master': 'nse-master',
  'bse-scrip-list': 'bse-list',
  'bse-scrip-master-json': 'bse-list',
  'nifty-index-list': 'index-list',
  'nse-results-listing': 'results-listing',
  // Like the results listing, a link from an ISIN to a symbol and name, not a dated statement.
  'nse-shareholding-listing': 'results-listing',
  'nse-results-xbrl': 'filing',
  'shareholding-summary': 'shareholding',
  'shareholding-detailed': 'shareholding',
  'shareholding-xbrl': 'shareholding',
});

/**
 * The kind of a statement's source: from the format its document was parsed as, or, for an
 * event whose document's parse is not known (yet), from the event itself.
 */
export function sourceKindOf(format: string | null, eventType: ClaimEventType, source: string): SourceKind {
  const byFormat = format ? BY_FORMAT[format] : undefined;
  if (byFormat) return byFormat;
  if (eventType === 'FinancialsReported') return 'filing';
  if (eventType === 'ShareholdingReported') return 'shareholding';
  if (source === 'bse') return 'bse-list';
  if (source === 'niftyindices') return 'index-list';
  if (source === 'nse') return 'nse-master';
  return 'other';
}

/** Lists that state an exchange's whole universe on their date: who is missing has left. */
export const SNAPSHOT_EXCHANGE: Readonly<Partial<Record<SourceKind, 'NSE' | 'BSE'>>> = {
  'nse-master': 'NSE',
  'bse-list': 'BSE',
};

/**
 * Whether a statement dates what it says (the identifier held on the statement's date) or
 * only links it to the company. NSE's results listing is re-keyed with the company's
 * symbol and name when it is fetched, and keeps an old ISIN for every filing (HDFC Bank's
 * says INE040A01018 for 2025 filings): it links, it does not date. A filing's ISIN comes
 * from that listing, so it links only too.
 */
export function datesWhatItSays(kind: SourceKind, scheme: ClaimScheme): boolean {
  if (kind === 'results-listing') return false;
  if (scheme === 'isin' && (kind === 'filing' || kind === 'shareholding')) return false;
  return true;
}

/**
 * How authoritative a source's name for the company is (1 best): the registered name in
 * NSE's master, in NSE's results listing and in the company's own filings; then BSE's list
 * (its 2015 layout has security names in capitals, "IDEA CELLULAR LTD."); then short names
 * (index lists) and security names (listings of instruments).
 */
export function nameTier(kind: SourceKind, eventType: ClaimEventType): number {
  if (eventType === 'InstrumentListed') return 3;
  switch (kind) {
    case 'nse-master':
    case 'results-listing':
    case 'filing':
    case 'shareholding':
      return 1;
    case 'bse-list':
      return 2;
    case 'index-list':
      return 3;
    case 'other':
      return 4;
  }
}
