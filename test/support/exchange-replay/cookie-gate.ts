import { randomBytes } from 'node:crypto';

/** How long a warm-up's cookies stay good: a number of API calls, an age, or both. */
export interface CookiePolicy {
  readonly maxCalls?: number;
  readonly maxAgeMs?: number;
}

interface Session {
  readonly appId: string;
  readonly issuedAt: number;
  calls: number;
}

export type CookieVerdict = 'ok' | 'missing' | 'expired';

function cookiesOf(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return cookies;
}

/**
 * NSE's API wants the cookies its HTML pages set (`nsit`, `nseappid`): without them it answers
 * 403, and once they have expired 401, until a page is fetched again. Expiry is kept here, on
 * the server, and not in the cookies' attributes, so that a client keeps sending stale cookies
 * and sees the 401 the real site gives.
 */
export class NseCookieGate {
  readonly #sessions = new Map<string, Session>();

  readonly #policy: CookiePolicy;
  readonly #now: () => number;

  constructor(policy: CookiePolicy, now: () => number) {
    this.#policy = policy;
    this.#now = now;
  }

  /** The `Set-Cookie` values of a page that warms a session up. Path `/nse-www` is the real host's `/`. */
  issue(): string[] {
    const nsit = randomBytes(12).toString('base64url');
    const appId = randomBytes(24).toString('base64url');
    this.#sessions.set(nsit, { appId, issuedAt: this.#now(), calls: 0 });
    return [`nsit=${nsit}; Path=/nse-www; HttpOnly; SameSite=Lax`, `nseappid=${appId}; Path=/nse-www; HttpOnly; SameSite=Lax`];
  }

  /** Checks an API call's `Cookie` header, counting the call when it passes. */
  check(cookieHeader: string | undefined): CookieVerdict {
    const cookies = cookiesOf(cookieHeader);
    const nsit = cookies.get('nsit');
    const appId = cookies.get('nseappid');
    if (nsit === undefined && appId === undefined) return 'missing';
    const session = nsit === undefined ? undefined : this.#sessions.get(nsit);
    if (!session || session.appId !== appId) return 'expired';
    const { maxCalls, maxAgeMs } = this.#policy;
    if (maxAgeMs !== undefined && this.#now() - session.issuedAt >= maxAgeMs) return 'expired';
    if (maxCalls !== undefined && session.calls >= maxCalls) return 'expired';
    session.calls += 1;
    return 'ok';
  }
}
