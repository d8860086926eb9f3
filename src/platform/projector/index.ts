// src/platform/projector: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { catchUp } from './catch-up.ts';
export { ensureProjection } from './checkpoints.ts';
export { onProjectionChange, PROJECTIONS_CHANNEL } from './projection-changes.ts';
export { getProjectionStatus } from './projection-status.ts';
export { type EvolveContext, type Progress, type Projection, quoteTables, type StepContext } from './projection.ts';
export { rebuildProjection } from './rebuild.ts';
export { runProjector } from './run-projector.ts';
