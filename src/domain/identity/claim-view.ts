import type { KnownAtBasis } from '#schemas/common';
import type { Claim } from './claim.ts';
import { datesWhatItSays, type SourceKind, sourceKindOf } from './source-kind.ts';

/**
 * How a claim's day was found: `stated`, the source's own date (the day of its known_at, a
 * price row's day, the date given for a list), or `inferred`, the earliest day a list that
 * states no date allows by its content.
 */
export type ObservedBasis = 'stated' | 'inferred';

/** The day a reference list shows (list-dates.ts), as its claims are read. */
export interface ListDay {
  /** The day, given or inferred; null when nothing dates the list. */
  readonly on: string | null;
  readonly inferred: boolean;
  /** Its order among lists of the same day (or of none). */
  readonly rank: number;
}

/** What is known of when a claim's document was made, beyond the claim's own known_at. */
export interface ClaimDating {
  /** Its known_at is only the time its document was received. */
  readonly received: boolean;
  /** The day of its reference list, when its document is one (NSE's master, a BSE or an index list). */
  readonly list?: ListDay | undefined;
}

/** A claim as derivation reads it: its source's kind, and the date it holds for, if it dates it. */
export interface ClaimView extends Claim {
  readonly kind: SourceKind;
  /** The day (IST) the source says the value held; null when the source only links it. */
  readonly observedOn: string | null;
  readonly observedBasis: ObservedBasis | null;
  /** How known_at was obtained, when known: `received`, or `file` for a list whose date was given. */
  readonly knownAtBasis: KnownAtBasis | null;
  /**
   * Nothing dates it: its knowledge time is only when the document was received, and its
   * list's content bounds no day. Such a claim links, dates nothing, and orders before every
   * dated one, so arrival order never decides between undated lists.
   */
  readonly undated: boolean;
  /** The day it counts for when claims are ordered in time ('' when undated), computed once. */
  readonly day: string;
  /** Its place in time: the day, then its list's rank among lists of that day (see `sequenceOf`). */
  readonly sequence: string;
}

const IST_OFFSET_MS = 330 * 60_000;

/** The calendar day in India of an instant: 2024-04-21T19:00:00Z is 22 April there. */
export function istDateOf(instant: string): string {
  return new Date(Date.parse(instant) + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day a statement counts for when ordered in time, and its place in time (see `sequenceOf`). */
export function placeInTime(knownAt: string, dating: ClaimDating): { readonly day: string; readonly sequence: string } {
  const day = dating.list ? (dating.list.on ?? '') : dating.received ? '' : istDateOf(knownAt);
  return { day, sequence: `${day}#${String(dating.list?.rank ?? 0).padStart(6, '0')}` };
}

export function viewOfClaim(claim: Claim, format: string | null, dating: ClaimDating = { received: false }): ClaimView {
  const kind = sourceKindOf(format, claim.eventType, claim.source);
  const { day, sequence } = placeInTime(claim.knownAt, dating);
  const { list } = dating;
  const observedOn = datesWhatItSays(kind, claim.scheme) && day !== '' ? day : null;
  return {
    ...claim,
    kind,
    undated: day === '',
    observedOn,
    observedBasis: observedOn === null ? null : list?.inferred ? 'inferred' : 'stated',
    knownAtBasis: dating.received ? 'received' : list ? 'file' : null,
    day,
    sequence,
  };
}

/**
 * A claim's place in time, for "the latest": its day, then, between reference lists of one
 * day, the later list (one that shows an ISIN another of that day shows replaced); a list
 * whose day is a lower bound comes after other statements of that day (it is of that day or
 * later).
 */
export const sequenceOf = (claim: ClaimView): string => claim.sequence;
