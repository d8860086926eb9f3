import type { Claim } from './claim.ts';
import { datesWhatItSays, type SourceKind, sourceKindOf } from './source-kind.ts';

/** A claim as derivation reads it: its source's kind, and the date it holds for, if it dates it. */
export interface ClaimView extends Claim {
  readonly kind: SourceKind;
  /** The day (IST) the source says the value held; null when the source only links it. */
  readonly observedOn: string | null;
  /**
   * Its knowledge time is only when the document was received: the source states no date
   * and none was given (--known-at). Such a claim links, dates nothing, and orders before
   * every dated one, so arrival order never decides between undated lists.
   */
  readonly undated: boolean;
  /** The day it counts for when claims are ordered in time (see `dayOf`), computed once. */
  readonly day: string;
}

const IST_OFFSET_MS = 330 * 60_000;

/** The calendar day in India of an instant: 2024-04-21T19:00:00Z is 22 April there. */
export function istDateOf(instant: string): string {
  return new Date(Date.parse(instant) + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export function viewOfClaim(claim: Claim, format: string | null, undated = false): ClaimView {
  const kind = sourceKindOf(format, claim.eventType, claim.source);
  const known = istDateOf(claim.knownAt);
  const observedOn = !undated && datesWhatItSays(kind, claim.scheme) ? known : null;
  return { ...claim, kind, undated, observedOn, day: observedOn ?? (undated ? '' : known) };
}

/** The day a claim counts for when claims are ordered in time: its observation, else when it was known ('' when undated). */
export const dayOf = (claim: ClaimView): string => claim.day;
