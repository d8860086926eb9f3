import { type RateWindow, secondsUntilEnd } from './rate-limit-windows.ts';

/** A window after counting a request (once, or at the cost of an MCP batch). */
export interface WindowCount {
  readonly window: RateWindow;
  /** Requests counted in the window, this one included when it was admitted (a refused one is charged to no window). */
  readonly count: number;
  /** This window refused the request: it had fewer requests left than the request counts as. */
  readonly reached: boolean;
}

// A type alias, not an interface, so it can be passed where a header record is expected.
export type RateLimitHeaders = {
  readonly 'ratelimit-limit': string;
  readonly 'ratelimit-remaining': string;
  readonly 'ratelimit-reset': string;
};

export type RateLimitVerdict =
  | { readonly allowed: true; readonly headers: RateLimitHeaders }
  | {
      readonly allowed: false;
      readonly headers: RateLimitHeaders;
      /** The window that stays closed longest. */
      readonly reached: RateWindow;
      /** Requests that window had left: fewer than the request counts as (0 for a single request). */
      readonly left: number;
      readonly retryAfterSeconds: number;
    };

/**
 * Requests a window has left. A window that refused a request has fewer left than it counted
 * as: none for a single request, and for a batch what it really had, so a client is told the
 * truth (a single request would still be admitted).
 */
const remainingIn = (c: WindowCount) => Math.max(0, c.window.limit - c.count);

/**
 * The window that binds: the fewest requests left, and of those the one that resets last
 * (5 left this minute and 5 left this month means 5 left until the month ends).
 */
export function bindingWindow(counts: readonly WindowCount[]): WindowCount | undefined {
  let binding: WindowCount | undefined;
  for (const c of counts) {
    if (
      binding === undefined ||
      remainingIn(c) < remainingIn(binding) ||
      (remainingIn(c) === remainingIn(binding) && c.window.end > binding.window.end)
    ) {
      binding = c;
    }
  }
  return binding;
}

export function headersFor(window: RateWindow, remaining: number, now: Date): RateLimitHeaders {
  return {
    'ratelimit-limit': String(window.limit),
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(secondsUntilEnd(window, now)),
  };
}

/**
 * Admits or refuses a counted request, with the headers describing the binding window.
 * Undefined when no window is on.
 */
export function rateLimitVerdict(counts: readonly WindowCount[], now: Date): RateLimitVerdict | undefined {
  const binding = bindingWindow(counts);
  if (binding === undefined) return undefined;
  const headers = headersFor(binding.window, remainingIn(binding), now);
  if (!counts.some((c) => c.reached)) return { allowed: true, headers };
  return {
    allowed: false,
    headers,
    reached: binding.window,
    left: remainingIn(binding),
    retryAfterSeconds: secondsUntilEnd(binding.window, now),
  };
}

/**
 * The 429 detail: which allowance was reached and when it renews. A request counted as
 * several (an MCP batch of `cost` calls) is told how many were left, or that it can never fit.
 */
export function rateLimitDetail(
  window: RateWindow,
  refusal: { readonly cost: number; readonly left: number } = { cost: 1, left: 0 },
): string {
  const allowance = window.kind === 'minute' ? `${window.limit} requests per minute` : `${window.limit} requests per calendar month (UTC)`;
  const renewal = window.kind === 'minute' ? `retry after ${window.end.toISOString()}` : `it renews at ${window.end.toISOString()}`;
  const { cost, left } = refusal;
  if (cost > window.limit) {
    return `this batch of ${cost} calls counts as ${cost} requests, more than the ${allowance} this key may make: send at most ${window.limit} calls per batch`;
  }
  if (cost > 1) {
    return `this batch of ${cost} calls counts as ${cost} requests, and ${left} of the ${allowance} for this key are left: send fewer calls, or ${renewal}`;
  }
  return window.kind === 'minute'
    ? `rate limit reached: ${allowance} for this key; ${renewal}`
    : `monthly allowance reached: ${allowance} for this key; ${renewal}`;
}
