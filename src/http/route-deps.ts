import type { DatasetGate } from '../datasets/dataset-gate.ts';
import type { Database } from '../db/db.ts';

/** What a read route needs: the projections' database and the dataset availability gate. */
export interface RouteDeps {
  readonly db: Database;
  readonly datasets: DatasetGate;
}
