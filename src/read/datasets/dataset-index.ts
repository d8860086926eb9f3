import type { DatasetStatus } from '../../../schemas/read-models/dataset.ts';
import { companiesProjection } from '../../../projections/companies/projection.ts';
import type { SqlExecutor } from '../../platform/db/db.ts';
import { coalesceReads } from './coalesce-reads.ts';
import { DATASETS, type Dataset, type DatasetRows } from './dataset-catalogue.ts';
import { countDatasetRows, datasetStatus } from './dataset-status.ts';
import { readProjectionStates, stateOf } from './projection-states.ts';

/** Every dataset's availability, size and freshness: GET /v1/ and the list_datasets tool. */
export interface DatasetIndex {
  describe(): Promise<DatasetStatus[]>;
}

interface Counted {
  readonly generation: string;
  readonly rows: Promise<DatasetRows>;
}

/**
 * Counting a dataset scans its tables, so each process counts it once per change of the
 * projections it reads, and requests in between share that count. Each call reads the
 * checkpoints (one statement over a few rows, shared by concurrent calls), so a change the
 * projector has committed shows from the next call on, in every process.
 *
 * A dataset's rows may also depend on the companies projection (a slice may read only its
 * own tables and the identity slice's: shareholding resolves stated companies through it),
 * so its count is keyed on both generations.
 */
export function createDatasetIndex(db: SqlExecutor): DatasetIndex {
  const readStates = coalesceReads(() => readProjectionStates(db));
  const counts = new Map<string, Counted>();
  const countOnce = (dataset: Dataset, generation: string): Promise<DatasetRows> => {
    const cached = counts.get(dataset.name);
    if (cached?.generation === generation) return cached.rows;
    const entry: Counted = { generation, rows: countDatasetRows(db, dataset) };
    counts.set(dataset.name, entry);
    // A failed count is not kept: the next call counts again.
    entry.rows.catch(() => {
      if (counts.get(dataset.name) === entry) counts.delete(dataset.name);
    });
    return entry.rows;
  };
  return {
    async describe() {
      const states = await readStates();
      const identity = stateOf(states, companiesProjection.name).generation;
      const described: DatasetStatus[] = [];
      // One dataset at a time, as before: a recount takes one connection, not eight.
      for (const dataset of DATASETS as readonly Dataset[]) {
        const state = stateOf(states, dataset.projection);
        const counted = state.status === 'missing' ? undefined : await countOnce(dataset, `${state.generation}|${identity}`);
        described.push(datasetStatus(dataset, state, counted));
      }
      return described;
    },
  };
}
