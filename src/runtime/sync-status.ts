import type { SyncDatasetHealth, SyncHealth } from '#schemas/api';
import type { Config } from '#platform/config';
import type { SqlExecutor } from '#platform/db';
import { type DatasetStanding, datasetStandings } from '#ingest/sync';
import { followedDatasets } from '#runtime/sync-runtime';

/**
 * A dataset's standing as /health words it. Lag is measured against the earliest unit waiting
 * to be tried again: a dataset whose units all got data is on schedule (0), one whose units
 * were never tried (followed, not started yet) has no lag to tell (null).
 */
export function syncDatasetHealth(standing: DatasetStanding | undefined, dataset: string, nowMs: number): SyncDatasetHealth {
  const overdueMs = standing?.nextDue ? nowMs - Date.parse(standing.nextDue) : 0;
  return {
    dataset,
    lastSuccess: standing?.lastFetchedAt ?? null,
    lastUnit: standing?.lastUnitDone ?? null,
    nextDue: standing?.nextDue ?? null,
    lagSeconds: standing ? Math.max(0, Math.floor(overdueMs / 1000)) : null,
    failing: standing?.failing ?? 0,
    lastError: standing?.lastError ?? null,
  };
}

/**
 * Where the exchange connectors stand, for /health and GET /v1/: every dataset this
 * deployment follows (SYNC=on, from the config of the process that answers) and every
 * dataset the progress table names, by name.
 */
export function syncStatusOf(db: SqlExecutor, config: Config, now: () => number = Date.now): () => Promise<SyncHealth> {
  const following = config.sync.follow;
  const followed = following ? followedDatasets(config).map((dataset) => dataset.name) : [];
  return async () => {
    const standings = new Map((await datasetStandings(db)).map((standing) => [standing.dataset, standing]));
    const names = [...new Set([...followed, ...standings.keys()])].sort();
    const at = now();
    return { following, datasets: names.map((name) => syncDatasetHealth(standings.get(name), name, at)) };
  };
}
