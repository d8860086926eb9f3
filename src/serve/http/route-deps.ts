import type { DatasetGate, DatasetIndex } from '#read/datasets';
import type { Database } from '#platform/db';
import type { CompanyResolver } from '#read/identity';
import type { ResponseCache } from '#serve/response-cache';

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
