/** Per-key limits; undefined switches a window off. */
export interface RateLimits {
  /** Requests per calendar minute (UTC). */
  readonly perMinute: number | undefined;
  /** Requests per calendar month (UTC). */
  readonly monthly: number | undefined;
}

export type WindowKind = 'minute' | 'month';

/** One fixed window: requests from `start` (inclusive) to `end` (exclusive) count together. */
export interface RateWindow {
  readonly kind: WindowKind;
  readonly start: Date;
  readonly end: Date;
  readonly limit: number;
}

const MINUTE_MS = 60_000;

function minuteAt(now: Date): Pick<RateWindow, 'start' | 'end'> {
  const start = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  return { start: new Date(start), end: new Date(start + MINUTE_MS) };
}

function monthAt(now: Date): Pick<RateWindow, 'start' | 'end'> {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

/** The calendar minute (UTC) holding `now`, with its limit. */
export function minuteWindow(limit: number, now: Date): RateWindow {
  return { kind: 'minute', limit, ...minuteAt(now) };
}

/**
 * The windows a request at `now` counts in, the short one first: the order every process
 * takes their rows in (count-request.ts).
 */
export function windowsAt(limits: RateLimits, now: Date): RateWindow[] {
  const windows: RateWindow[] = [];
  if (limits.perMinute !== undefined) windows.push(minuteWindow(limits.perMinute, now));
  if (limits.monthly !== undefined) windows.push({ kind: 'month', limit: limits.monthly, ...monthAt(now) });
  return windows;
}

/** Whole seconds until the window ends, at least 1 (a client told 0 would retry at once). */
export function secondsUntilEnd(window: Pick<RateWindow, 'end'>, now: Date): number {
  return Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
}
