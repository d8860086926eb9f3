import { type RateWindow, secondsUntilEnd } from './rate-limit-windows.ts';

/** A window after counting one request. */
export interface WindowCount {
  readonly window: RateWindow;
  /** Requests counted in the window, this one included when it was admitted. */
  readonly count: number;
  /** This window refused the request: its limit was already reached. */
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
      readonly retryAfterSeconds: number;
    };

const remainingIn = (c: WindowCount) => (c.reached ? 0 : Math.max(0, c.window.limit - c.count));

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
    retryAfterSeconds: secondsUntilEnd(binding.window, now),
  };
}

/** The 429 detail: which allowance was reached and when it renews. */
export function rateLimitDetail(window: RateWindow): string {
  return window.kind === 'minute'
    ? `rate limit reached: ${window.limit} requests per minute for this key; retry after ${window.end.toISOString()}`
    : `monthly allowance reached: ${window.limit} requests per calendar month (UTC) for this key; it renews at ${window.end.toISOString()}`;
}
