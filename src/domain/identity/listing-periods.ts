import type { ListingStatus } from '#schemas/events';
import type { ClaimView } from './claim-view.ts';
import { groupBy } from './group-by.ts';

export type Exchange = 'NSE' | 'BSE';
export const EXCHANGES: readonly Exchange[] = ['NSE', 'BSE'];

/** A list that states an exchange's whole universe on a date (NSE's EQUITY_L, BSE's scrip list). */
export interface Snapshot {
  readonly exchange: Exchange;
  readonly document: string;
  readonly on: string;
  /** `on` is the earliest day the list's content allows (it states no date): the list is of that day or later. */
  readonly inferred: boolean;
  readonly file: string | null;
}

/** A company's status on one exchange over a span of days; `to` is exclusive, null while open. */
export interface ListingPeriod {
  readonly exchange: Exchange;
  readonly status: ListingStatus;
  readonly from: string;
  readonly to: string | null;
  /** What the status rests on, in words: the list or filing that showed it. */
  readonly basis: string;
}

interface Observation {
  readonly on: string;
  readonly status: ListingStatus;
  /** Stated outright (a list's status column, a listing date) rather than inferred. */
  readonly explicit: boolean;
  readonly basis: string;
}

const STATUSES = new Set<string>(['listed', 'suspended', 'delisted']);
const describe = (c: ClaimView) => `${c.kind} ${c.sourceFile ?? c.document ?? ''}`.trim();

function observationsOf(exchange: Exchange, claims: readonly ClaimView[], snapshots: readonly Snapshot[]): Observation[] {
  const seen: Observation[] = [];
  for (const c of claims) {
    if (c.scheme === `status:${exchange}` && c.observedOn && STATUSES.has(c.value)) {
      seen.push({ on: c.observedOn, status: c.value as ListingStatus, explicit: true, basis: describe(c) });
    } else if (c.scheme === `listed:${exchange}` && /^\d{4}-\d{2}-\d{2}$/.test(c.value)) {
      seen.push({ on: c.value, status: 'listed', explicit: true, basis: `listing date stated by ${describe(c)}` });
    } else if (c.scheme === (exchange === 'NSE' ? 'nse' : 'bse') && c.observedOn && (c.kind === 'filing' || c.kind === 'index-list')) {
      seen.push({ on: c.observedOn, status: 'listed', explicit: false, basis: `symbol in ${describe(c)}` });
    }
  }
  // Gone from a later list of the whole exchange: delisted, or at least no longer trading
  // (an active-scrips list cannot tell suspension from delisting).
  const documents = new Set(claims.map((c) => c.document));
  const listedSince = seen
    .filter((o) => o.status === 'listed')
    .map((o) => o.on)
    .sort()[0];
  for (const snapshot of snapshots) {
    if (snapshot.exchange !== exchange || documents.has(snapshot.document)) continue;
    if (listedSince !== undefined && listedSince < snapshot.on) {
      seen.push({
        on: snapshot.on,
        status: 'delisted',
        explicit: false,
        basis: `not in ${exchange}'s list of ${snapshot.inferred ? `${snapshot.on} or later` : snapshot.on} (${snapshot.file ?? snapshot.document})`,
      });
    }
  }
  return seen;
}

/** One status per day: stated ones over inferred ones, then listed over suspended over delisted. */
function statusOfDay(day: readonly Observation[]): Observation {
  const stated = day.some((o) => o.explicit) ? day.filter((o) => o.explicit) : day;
  const rank = (o: Observation) => (o.status === 'listed' ? 0 : o.status === 'suspended' ? 1 : 2);
  return [...stated].sort((a, b) => rank(a) - rank(b) || (a.basis < b.basis ? -1 : a.basis > b.basis ? 1 : 0))[0] as Observation;
}

/**
 * The company's dated status on each exchange, from what the lists and filings show and
 * from its absence from later lists of the whole exchange. Before its first observation a
 * company's status there is unknown (no period).
 */
export function listingPeriods(claims: readonly ClaimView[], snapshots: readonly Snapshot[]): ListingPeriod[] {
  const periods: ListingPeriod[] = [];
  for (const exchange of EXCHANGES) {
    const byDay = groupBy(
      observationsOf(exchange, claims, snapshots),
      (o) => o.on,
      (o) => o,
    );
    const days = [...byDay.keys()].sort();
    let open: { status: ListingStatus; from: string; basis: string } | undefined;
    for (const day of days) {
      const o = statusOfDay(byDay.get(day) ?? []);
      if (open?.status === o.status) continue;
      if (open) periods.push({ exchange, ...open, to: day });
      open = { status: o.status, from: day, basis: o.basis };
    }
    if (open) periods.push({ exchange, ...open, to: null });
  }
  return periods;
}

/** The company's status at the end of its periods: listed anywhere, else suspended anywhere, else delisted. */
export function overallStatus(periods: readonly ListingPeriod[]): ListingStatus {
  const latest = EXCHANGES.flatMap((exchange) => periods.filter((p) => p.exchange === exchange && p.to === null));
  if (latest.length === 0 || latest.some((p) => p.status === 'listed')) return 'listed';
  return latest.some((p) => p.status === 'suspended') ? 'suspended' : 'delisted';
}
