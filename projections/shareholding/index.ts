// projections/shareholding: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { shareholdingProjection } from './projection.ts';
export { latestOwnershipSql, listShareholding, shareholdingDatasetStats } from './queries.ts';
export { SNAPSHOTS } from './tables.ts';
