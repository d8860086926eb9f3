import type { SqlExecutor } from '#platform/db';
import { listScreenMetricCoverage, type ScreenSourceCoverage, type ScreenSource } from '#read/screening';
import type { CachePosition, ResponseCache } from '#serve/response-cache';

/** The counts being computed, by cache, key and the position they are read at. */
const running = new WeakMap<ResponseCache, Map<string, Promise<ScreenSourceCoverage[]>>>();

/**
 * listScreenMetricCoverage, computed once per projection position (docs/screening.md#coverage).
 * The counts run each screen source's whole CTE over every company (2.5 s on the real corpus)
 * and are a function of the read tables and the request alone, so they are kept in the
 * response cache until any projection moves, exactly as its answers are: the same counts a
 * fresh computation gives, without computing them again. Calls that arrive while the counts
 * are being computed at the same position wait for that computation instead of starting their
 * own. Without a cache, or while it cannot tell whether the tables moved, every call computes.
 */
export async function rememberedCoverage(
  db: SqlExecutor,
  cache: ResponseCache | undefined,
  sources: readonly ScreenSource[],
  asOf: string | null,
): Promise<ScreenSourceCoverage[]> {
  const at = cache?.position();
  if (cache === undefined || at === undefined) return listScreenMetricCoverage(db, sources, asOf);
  const key = `mcp:list_screen_metrics:${sources.map((source) => source.id).join(',')}:${asOf ?? 'now'}`;
  const remembered = cache.get(key);
  if (remembered) return JSON.parse(remembered.data) as ScreenSourceCoverage[];
  const computing = running.get(cache) ?? new Map<string, Promise<ScreenSourceCoverage[]>>();
  running.set(cache, computing);
  const flight = `${key}@${at}`;
  const pending = computing.get(flight) ?? compute(db, cache, sources, asOf, key, at);
  computing.set(flight, pending);
  return pending.finally(() => computing.delete(flight));
}

async function compute(
  db: SqlExecutor,
  cache: ResponseCache,
  sources: readonly ScreenSource[],
  asOf: string | null,
  key: string,
  at: CachePosition,
): Promise<ScreenSourceCoverage[]> {
  const coverage = await listScreenMetricCoverage(db, sources, asOf);
  // Kept only if no projection moved while the counts were read.
  cache.remember(key, at, { data: JSON.stringify(coverage), meta: '{}' });
  return coverage;
}
