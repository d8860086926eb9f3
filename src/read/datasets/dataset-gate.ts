import type { SqlExecutor } from '#platform/db';
import { DatasetUnavailableError } from '#platform/errors';
import type { DatasetName } from './dataset-catalogue.ts';
import { checkDataset, findDataset } from './dataset-status.ts';

export interface DatasetGate {
  /** Throws DatasetUnavailableError (503) when the dataset cannot be served now. */
  require(name: DatasetName): Promise<void>;
}

/**
 * Checks a dataset's availability at most once per `ttlMs` per process: two small
 * queries would otherwise precede every read. A dataset becomes available (or stops
 * being) within `ttlMs`.
 */
export function createDatasetGate(db: SqlExecutor, ttlMs = 2000): DatasetGate {
  const checked = new Map<DatasetName, { at: number; result: Promise<{ available: boolean; reason: string | null }> }>();
  return {
    async require(name) {
      const now = Date.now();
      let entry = checked.get(name);
      if (!entry || now - entry.at > ttlMs) {
        entry = { at: now, result: checkDataset(db, findDataset(name)) };
        entry.result.catch(() => checked.delete(name));
        checked.set(name, entry);
      }
      const { available, reason } = await entry.result;
      if (!available) throw new DatasetUnavailableError(name, reason ?? 'unknown');
    },
  };
}
