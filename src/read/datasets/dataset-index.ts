import type { DatasetStatus } from '#schemas/read-models';
import { companiesProjection } from '#projections/companies';
import type { SqlExecutor } from '#platform/db';
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
  /**
   * Recounts the datasets whose generation moved, in one transaction, one at a time: one
   * connection, not eight, and on the embedded engine one turn of its connection, not one a
   * dataset. Their entries are set before anything is awaited, so a concurrent call shares
   * these counts instead of waiting for a turn this transaction holds.
   */
  const recount = (due: readonly { dataset: Dataset; generation: string }[]) => {
    const counted = db.transaction(async (tx) => {
      const rows = new Map<string, DatasetRows>();
      for (const { dataset } of due) rows.set(dataset.name, await countDatasetRows(tx, dataset));
      return rows;
    });
    for (const { dataset, generation } of due) {
      const entry: Counted = { generation, rows: counted.then((rows) => rows.get(dataset.name) as DatasetRows) };
      counts.set(dataset.name, entry);
      // A failed count is not kept: the next call counts again.
      entry.rows.catch(() => {
        if (counts.get(dataset.name) === entry) counts.delete(dataset.name);
      });
    }
  };
  return {
    async describe() {
      const states = await readStates();
      const identity = stateOf(states, companiesProjection.name).generation;
      const present = (DATASETS as readonly Dataset[])
        .filter((dataset) => stateOf(states, dataset.projection).status !== 'missing')
        .map((dataset) => ({ dataset, generation: `${stateOf(states, dataset.projection).generation}|${identity}` }));
      const due = present.filter(({ dataset, generation }) => counts.get(dataset.name)?.generation !== generation);
      if (due.length > 0) recount(due);
      // Taken now, before any await: each present dataset's count, shared or just started.
      const rowsOf = new Map(present.map(({ dataset }) => [dataset.name, counts.get(dataset.name)?.rows]));
      const described: DatasetStatus[] = [];
      for (const dataset of DATASETS as readonly Dataset[]) {
        described.push(datasetStatus(dataset, stateOf(states, dataset.projection), await rowsOf.get(dataset.name)));
      }
      return described;
    },
  };
}
