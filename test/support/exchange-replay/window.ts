import { addDays } from './dates.ts';

/** A listing row with the day it was disseminated (undefined when the row states none). */
export interface DatedRow<T> {
  readonly day: string | undefined;
  /** Sorts rows newest first within a day (the row's time, as written). */
  readonly sortKey: string;
  readonly symbol?: string | undefined;
  readonly row: T;
}

export interface Window {
  readonly from: string | undefined;
  readonly to: string | undefined;
}

/**
 * The window a listing API actually answers for: NSE keeps only the last `capDays` days of a
 * wider window, silently (no error, no hint in the body), so a client that asks for a year
 * receives three months and must split its windows itself.
 */
export function cappedWindow(window: Window, capDays: number | undefined): Window {
  const { from, to } = window;
  if (capDays === undefined || from === undefined || to === undefined) return window;
  const earliest = addDays(to, -(capDays - 1));
  return { from: from < earliest ? earliest : from, to };
}

/**
 * The rows a listing answers: within the window (when one is given), disseminated by
 * `publishedUntil`, of `symbol` when one is asked for; newest first, as NSE lists them.
 */
export function selectRows<T>(
  rows: ReadonlyArray<DatedRow<T>>,
  window: Window,
  publishedUntil: string | undefined,
  symbol?: string | null,
): T[] {
  const windowed = window.from !== undefined || window.to !== undefined;
  return rows
    .filter(({ day }) => !windowed || (day !== undefined && (window.from === undefined || day >= window.from)))
    .filter(({ day }) => window.to === undefined || (day !== undefined && day <= window.to))
    .filter(({ day }) => publishedUntil === undefined || (day !== undefined && day <= publishedUntil))
    .filter((row) => !symbol || row.symbol?.toUpperCase() === symbol.toUpperCase())
    .sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0))
    .map(({ row }) => row);
}

/** `09-Jan-2025 21:39` → `2025-01-09 21:39`: a key that sorts as time does. */
export function sortKeyOf(day: string | undefined, stamp: string | null | undefined): string {
  const time = /\d{2}:\d{2}(:\d{2})?/.exec(stamp ?? '')?.[0] ?? '';
  return `${day ?? ''} ${time}`;
}
