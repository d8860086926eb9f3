import type { DatasetGate } from '../../read/datasets/dataset-gate.ts';
import type { DatasetIndex } from '../../read/datasets/dataset-index.ts';
import type { Database } from '../../platform/db/db.ts';
import type { CompanyResolver } from '../../read/identity/company-resolver.ts';

/** What a read route needs: the projections' database, the dataset availability gate and index, and company resolution. */
export interface RouteDeps {
  readonly db: Database;
  readonly datasets: DatasetGate;
  readonly datasetIndex: DatasetIndex;
  readonly companies: CompanyResolver;
}
