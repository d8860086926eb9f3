import type { KnownAtBasis } from '#schemas/common';
import { istToIso } from '#platform/time';

/** A time something was knowable by, and what says so. */
export interface KnownAt {
  readonly at: string;
  readonly basis: KnownAtBasis;
}

/**
 * When a corporate-actions file as a whole was public: the time the connector gives
 * (--known-at, known-at.json), else one the file states (a wrapper's fetch time), else when
 * it was received. None of the exports states when each action was announced.
 */
export function fileKnownAt(input: { readonly knownAt: string | null; readonly receivedAt: string }, stated?: string | null): KnownAt {
  if (input.knownAt) return { at: input.knownAt, basis: 'file' };
  if (stated) return { at: stated, basis: 'file' };
  return { at: input.receivedAt, basis: 'received' };
}

/**
 * When one action was knowable. An exchange announces an action's ex-date and record date
 * before either arrives, so the action was public by the start (in India) of the earlier
 * of the two: a bound, never a guess before the announcement. That bound is taken when it
 * is earlier than the file's own time (a 2015 export of a 2009 split); a file fetched before
 * its actions' dates (BSE's forthcoming actions) keeps the file's time.
 */
export function actionKnownAt(row: { readonly exDate: string | null; readonly recordDate: string | null }, file: KnownAt): KnownAt {
  const first = [row.exDate, row.recordDate].filter((date): date is string => date !== null).sort()[0];
  if (!first) return file;
  const bound = istToIso(first);
  return Date.parse(bound) < Date.parse(file.at) ? { at: bound, basis: 'implied' } : file;
}
