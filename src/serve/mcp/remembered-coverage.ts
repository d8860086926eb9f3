import { LRUCache } from 'lru-cache';
import type { SqlExecutor } from '#platform/db';
import { listScreenMetricCoverage, type ScreenSourceCoverage, type ScreenSource } from '#read/screening';
import type { CachePosition, ResponseCache } from '#serve/response-cache';

/** Coverage counts, when they were counted, and whether any projection has moved since. */
export interface CountedCoverage {
  readonly coverage: ScreenSourceCoverage[];
  /** When the counting began (ISO 8601, UTC). */
  readonly countedAt: string;
  /** True when no projection has moved since the counts were read: they are what a count now gives. */
  readonly current: boolean;
  /** The recount a call behind the data started, for a caller that wants to wait for it. */
  readonly recount?: Promise<unknown>;
}

interface Counted {
  readonly coverage: ScreenSourceCoverage[];
  readonly countedAt: string;
  readonly at: CachePosition;
}

/**
 * How long a call whose counts are behind the data waits for the recount before it answers
 * with the counts it has: on the bundled sample a recount takes tens of milliseconds and the
 * call gets it; on the whole market it takes over a second, and the call answers at once.
 */
export const RECOUNT_WAIT_MS = 250;

/** Counts kept per request (sources and as_of); as_of is the caller's, so the entries are bounded. */
const MAX_KEPT = 64;

interface Kept {
  readonly last: LRUCache<string, Counted>;
  readonly running: Map<string, Promise<Counted>>;
}

const keptBy = new WeakMap<ResponseCache, Kept>();

/**
 * listScreenMetricCoverage, counted at most once per projection position and never on the
 * path of a call that has counts already (docs/screening.md#coverage). The counts run each
 * screen source's whole CTE over every company (1–2.5 s on the real corpus) and are a
 * function of the read tables and the request alone. A call at the position its counts were
 * read at gets them (current). A call after a projection moved starts a recount, or joins the
 * one running for the same request, waits up to RECOUNT_WAIT_MS for it, and otherwise answers with
 * the counts it has, marked not current with the time they were counted; the recount lands
 * for the next call. Only the first call for a request counts on its path. Without a cache,
 * or while it cannot tell whether the tables moved, every call counts.
 */
export async function rememberedCoverage(
  db: SqlExecutor,
  cache: ResponseCache | undefined,
  sources: readonly ScreenSource[],
  asOf: string | null,
  recountWaitMs = RECOUNT_WAIT_MS,
): Promise<CountedCoverage> {
  const at = cache?.position();
  if (cache === undefined || at === undefined) {
    const countedAt = new Date().toISOString();
    return { coverage: await listScreenMetricCoverage(db, sources, asOf), countedAt, current: true };
  }
  const kept = keptFor(cache);
  const key = `${sources.map((source) => source.id).join(',')}:${asOf ?? 'now'}`;
  const last = kept.last.get(key);
  const answer = ({ coverage, countedAt, at: read }: Counted, recount?: Promise<unknown>): CountedCoverage => ({
    coverage,
    countedAt,
    current: read === cache.position(),
    ...(recount ? { recount } : {}),
  });
  if (last !== undefined && last.at === at) return answer(last);
  const recount = recountOnce(db, kept, sources, asOf, key, at);
  if (last === undefined) return answer(await recount);
  const settled = recount.then(
    (counted) => counted,
    () => undefined, // the counts kept stand; the next call tries again
  );
  const fresh = await Promise.race([settled, delay(recountWaitMs)]);
  return fresh ? answer(fresh) : answer(last, settled);
}

function keptFor(cache: ResponseCache): Kept {
  const existing = keptBy.get(cache);
  if (existing) return existing;
  const kept = { last: new LRUCache<string, Counted>({ max: MAX_KEPT }), running: new Map<string, Promise<Counted>>() };
  keptBy.set(cache, kept);
  return kept;
}

/**
 * The recount of `key` at position `at`, or the one already running for `key`: one at a time
 * per request, so a store that moves every second never has two counting at once.
 */
function recountOnce(
  db: SqlExecutor,
  kept: Kept,
  sources: readonly ScreenSource[],
  asOf: string | null,
  key: string,
  at: CachePosition,
): Promise<Counted> {
  const running = kept.running.get(key);
  if (running) return running;
  const countedAt = new Date().toISOString();
  const counting = listScreenMetricCoverage(db, sources, asOf)
    .then((coverage) => {
      const counted = { coverage, countedAt, at };
      // A later position's counts are never replaced by an earlier one's.
      const newest = kept.last.get(key);
      if (newest === undefined || newest.at <= at) kept.last.set(key, counted);
      return counted;
    })
    .finally(() => kept.running.delete(key));
  kept.running.set(key, counting);
  return counting;
}

/** Resolves undefined after `ms`, without holding the process open. */
const delay = (ms: number) => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref());
