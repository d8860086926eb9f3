import type { DatasetGate } from '#read/datasets/dataset-gate';
import type { DatasetIndex } from '#read/datasets/dataset-index';
import type { Database } from '#platform/db/db';
import type { CompanyResolver } from '#read/identity/company-resolver';
import type { ResponseCache } from './response-cache.ts';

/**
 * What a read route needs: the projections' database, the dataset availability gate and index,
 * company resolution, and the response cache when the app has one.
 */
export interface RouteDeps {
  readonly db: Database;
  readonly datasets: DatasetGate;
  readonly datasetIndex: DatasetIndex;
  readonly companies: CompanyResolver;
  readonly responses?: ResponseCache | undefined;
}
