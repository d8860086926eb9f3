import type { CorporateActionAnnounced } from '#schemas/events';

/**
 * Purpose text as a key compares it: runs of white space collapsed, lower case. BSE writes
 * "Stock  Split", another download may not; both name one action.
 */
export const normalisedPurpose = (purpose: string): string =>
  purpose
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .toLowerCase();

/** The identity the file states, most specific first: what stays the same across downloads. */
function statedIdentity(data: CorporateActionAnnounced): string {
  const { isin, nseSymbol, bseCode, name } = data.company;
  if (isin) return `isin:${isin}`;
  if (nseSymbol) return `nse:${nseSymbol}`;
  if (bseCode) return `bse:${bseCode}`;
  if (name) return `name:${name.trim().toLowerCase()}`;
  return `action:${data.actionId}`;
}

/**
 * The key naming one action across downloads. The action id cannot: it is derived from the
 * file's hash, so one dividend in two overlapping exports gets two ids. The exports carry no
 * id of their own; an action is its security (as stated, not the resolved company id, so a
 * copy read before the master list and one read after it agree), its type, its ex-date and
 * its purpose. Two actions of one purpose with one type ("Interim Dividend - Rs 6/Special
 * Dividend - Rs 4") share a key and are told apart by their order within the file (see
 * `recomputeServedCopies`).
 */
export function actionKey(data: CorporateActionAnnounced): string {
  return [statedIdentity(data), data.actionType ?? 'unparsed', data.exDate ?? 'no-ex-date', normalisedPurpose(data.purpose)].join('|');
}
