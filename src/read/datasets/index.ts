// src/read/datasets: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { type DatasetName, DATASETS } from './dataset-catalogue.ts';
export { createDatasetGate, type DatasetGate } from './dataset-gate.ts';
export { createDatasetIndex, type DatasetIndex } from './dataset-index.ts';
export { checkDataset, findDataset } from './dataset-status.ts';
