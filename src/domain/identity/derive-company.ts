import type { KnownAtBasis } from '#schemas/common';
import type { ListingStatus } from '#schemas/events';
import type { ClaimView, ObservedBasis } from './claim-view.ts';
import { IDENTIFIER_SCHEMES, type IdentifierScheme } from './claim.ts';
import { currentValues } from './current-values.ts';
import { groupBy } from './group-by.ts';
import { type ListingPeriod, listingPeriods, overallStatus, type Snapshot } from './listing-periods.ts';
import type { SourceKind } from './source-kind.ts';

/** One source of an identifier, as a person checking the link would want to see it. */
export interface SourceRef {
  readonly kind: SourceKind;
  readonly source: string;
  readonly file: string | null;
  readonly url: string | null;
  readonly known_at: string;
  readonly known_at_basis: KnownAtBasis | null;
  readonly observed_on: string | null;
  readonly observed_on_basis: ObservedBasis | null;
}

/** An identifier the company has had, with when sources showed it and who said so. */
export interface IdentifierHistory {
  readonly scheme: IdentifierScheme;
  readonly value: string;
  /** First and last day a source dated it (a list that states no date by its inferred day); null when sources only linked it. */
  readonly firstSeen: string | null;
  /**
   * First day a source whose date is its own (not inferred) showed it: the day it certainly
   * held by. An inferred day only bounds a list from below, so it can never say what held
   * on or before a day.
   */
  readonly firstStated: string | null;
  readonly lastSeen: string | null;
  /** When the link was first knowable. */
  readonly knownAt: string;
  readonly current: boolean;
  /** How the statements reached this company: by the issuer code of an ISIN, or by a BSE code. */
  readonly linkedBy: 'isin' | 'bse_code';
  /** A few sources (the newest of each kind, then the newest) and how many there are in all. */
  readonly sources: readonly SourceRef[];
  readonly sourceCount: number;
}

export interface DerivedCompany {
  readonly companyId: string;
  readonly name: string;
  readonly nameSource: SourceKind | null;
  readonly cin: string | null;
  readonly isin: string | null;
  readonly nseSymbol: string | null;
  readonly bseCode: string | null;
  readonly sector: string | null;
  readonly industry: string | null;
  readonly listingStatus: ListingStatus;
  readonly listingDate: string | null;
  readonly knownAt: string;
  readonly updatedAt: string;
  /** Prominence, for search: how many index lists name it, and whether it has filings of its own. */
  readonly indexLists: number;
  readonly hasFilings: boolean;
  readonly identifiers: readonly IdentifierHistory[];
  readonly listings: readonly ListingPeriod[];
}

const MAX_SOURCES = 5;

const compareDesc = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

const sourceOf = (c: ClaimView): SourceRef => ({
  kind: c.kind,
  source: c.source,
  file: c.sourceFile,
  url: c.sourceUrl,
  known_at: c.knownAt,
  known_at_basis: c.knownAtBasis,
  observed_on: c.observedOn,
  observed_on_basis: c.observedBasis,
});

function historyOf(scheme: IdentifierScheme, value: string, claims: readonly ClaimView[], current: string | undefined): IdentifierHistory {
  const days = claims.flatMap((c) => (c.observedOn ? [c.observedOn] : [])).sort();
  // Newest first by the day each shows (a list's by its place among lists), then by when it
  // was known, ties by what the sources are: a list known only by its receipt sorts by what
  // it is, so the list never depends on arrival order.
  const key = (c: ClaimView) => `${c.kind}\u0000${c.sourceFile ?? ''}\u0000${c.sourceUrl ?? ''}\u0000${c.source}`;
  const when = (c: ClaimView) => (c.undated || c.knownAtBasis === 'received' ? '' : c.knownAt);
  const newestFirst = [...claims].sort(
    (a, b) =>
      compareDesc(a.sequence, b.sequence) ||
      compareDesc(when(a), when(b)) ||
      compareDesc(key(b), key(a)) ||
      compareDesc(b.knownAt, a.knownAt),
  );
  const sources = new Map<string, SourceRef>();
  for (const c of newestFirst) {
    const ref = sourceOf(c);
    sources.set(JSON.stringify([ref.kind, ref.file ?? ref.url, ref.observed_on]), ref);
  }
  // The newest source of each kind first (a filing, the BSE list, NSE's master...), then the
  // rest, newest first: the few shown say who said so, not only who said so last.
  const all = [...sources.values()];
  const firstOfKind = all.filter((ref, i) => all.findIndex((other) => other.kind === ref.kind) === i);
  const shown = [...firstOfKind, ...all.filter((ref) => !firstOfKind.includes(ref))];
  return {
    scheme,
    value,
    firstSeen: days[0] ?? null,
    firstStated: claims.flatMap((c) => (c.observedOn && c.observedBasis === 'stated' ? [c.observedOn] : [])).sort()[0] ?? null,
    lastSeen: days[days.length - 1] ?? null,
    knownAt: claims.map((c) => c.knownAt).sort()[0] as string,
    current: value === current,
    linkedBy: claims.some((c) => c.anchor.startsWith('issuer:')) ? 'isin' : 'bse_code',
    sources: shown.slice(0, MAX_SOURCES),
    sourceCount: sources.size,
  };
}

function identifierHistories(claims: readonly ClaimView[], current: Record<IdentifierScheme, string | undefined>): IdentifierHistory[] {
  const identifying = claims.filter((c) => (IDENTIFIER_SCHEMES as readonly string[]).includes(c.scheme));
  const groups = groupBy(
    identifying,
    (c) => `${c.scheme}\u0000${c.scheme === 'name' ? c.value : c.value.toUpperCase()}`,
    (c) => c,
  );
  const order = (h: IdentifierHistory) => `${IDENTIFIER_SCHEMES.indexOf(h.scheme)}\u0000${h.value}`;
  return [...groups.values()]
    .map((group) => {
      const { scheme, value } = group[0] as ClaimView;
      const id = scheme as IdentifierScheme;
      return historyOf(id, id === 'name' ? value : value.toUpperCase(), group, current[id]);
    })
    .sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/**
 * A company as all of its claims state it (pure; the order of the claims does not matter):
 * the current value of each identifier, the history of every identifier with its dates and
 * sources, and its dated listing status on each exchange. `claims` are the current claims of
 * every anchor that is this company; `snapshots` the whole-exchange lists known.
 */
export function deriveCompany(companyId: string, claims: readonly ClaimView[], snapshots: readonly Snapshot[]): DerivedCompany {
  const now = currentValues(claims);
  const listings = listingPeriods(claims, snapshots);
  const nseListingDates = claims
    .filter((c) => c.scheme === 'listed:NSE')
    .map((c) => c.value)
    .sort();
  const knownAts = claims.map((c) => c.knownAt).sort();
  const upper = (c: ClaimView | undefined) => c?.value.toUpperCase();
  return {
    companyId,
    name: now.presentedName ?? now.nse?.value ?? now.bse?.value ?? companyId,
    nameSource: now.name?.kind ?? null,
    cin: upper(now.cin) ?? null,
    isin: upper(now.isin) ?? null,
    nseSymbol: upper(now.nse) ?? null,
    bseCode: now.bse?.value ?? null,
    sector: now.sector?.value ?? null,
    industry: now.industry?.value ?? null,
    listingStatus: overallStatus(listings),
    listingDate: nseListingDates[0] ?? null,
    knownAt: knownAts[0] ?? new Date(0).toISOString(),
    updatedAt: knownAts[knownAts.length - 1] ?? new Date(0).toISOString(),
    indexLists: new Set(claims.filter((c) => c.kind === 'index-list').map((c) => c.document ?? c.statement)).size,
    hasFilings: claims.some((c) => c.kind === 'filing'),
    identifiers: identifierHistories(claims, {
      name: now.presentedName,
      nse: upper(now.nse),
      bse: now.bse?.value,
      isin: upper(now.isin),
      cin: upper(now.cin),
    }),
    listings,
  };
}
