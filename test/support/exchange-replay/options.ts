import type { ReplayHost } from './catalogue.ts';
import type { CookiePolicy } from './cookie-gate.ts';

/**
 * How the replay misbehaves. Each misbehaviour the real exchanges show is on by default and
 * switched off by `false`; `publishedUntil`, `holidays` and `delayMs` only act when given, and
 * the BSE window cap (not seen on the real site, only assumed) is off unless given.
 */
export interface ReplayOptions {
  /** The port to listen on (127.0.0.1); 0, the default, picks a free one. */
  readonly port?: number;
  /** Read ../shared/data when it exists (default true); false serves the project's own files only. */
  readonly useSharedData?: boolean;
  /** NSE's API cookie requirement (default: cookies good for 5 minutes); false lets every call through. */
  readonly nseCookie?: false | CookiePolicy;
  /** Files of later days answer NSE's "not available" page; listings leave out rows disseminated later. */
  readonly publishedUntil?: string;
  /** Days (YYYY-MM-DD) whose bhavcopy URLs answer the previous session's bytes. */
  readonly holidays?: readonly string[];
  /** NSE's listing APIs answer only the last N days of a wider window (default 90); false answers any window. */
  readonly nseWindowCapDays?: number | false;
  /** BSE's window APIs likewise (default off: not observed). */
  readonly bseWindowCapDays?: number | false;
  /** Every Nth request on a host answers 429 with `Retry-After: 1` (default every 10th); false never. */
  readonly burst429?: false | { readonly every: number };
  /** Wait this long before answering each request (default 0). */
  readonly delayMs?: number;
  /** The clock for cookie ages and request times (default Date.now). */
  readonly now?: () => number;
}

export interface ReplayRequest {
  readonly host: ReplayHost;
  readonly method: string;
  /** The path after the host, as on the real host (`/api/corporates-financial-results`). */
  readonly path: string;
  /** The query string without `?` (empty when none). */
  readonly query: string;
  /** The status answered; 0 while the answer is pending. */
  readonly status: number;
  /** The clock's time at arrival. */
  readonly at: number;
  readonly headers: Record<string, string | undefined>;
}

export const DEFAULT_COOKIE_POLICY: CookiePolicy = { maxAgeMs: 5 * 60_000 };
export const DEFAULT_NSE_WINDOW_CAP_DAYS = 90;
export const DEFAULT_BURST_429 = { every: 10 } as const;
