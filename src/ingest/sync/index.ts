// src/ingest/sync: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { type Dataset, DATASETS } from './datasets/index.ts';
export { createExchangeClient } from './exchange-client.ts';
export { ddmmyyyy, ddmmyyyyDashed, yyyymmdd } from './exchange-dates.ts';
export { createLocalSink, type DocumentSink } from './local-sink.ts';
export { uploadDocument } from './relay-client.ts';
export { createRelaySink } from './relay-sink.ts';
export { classifyResponse, type Expected } from './response-kind.ts';
export { istToday, type UnitReport } from './run-units.ts';
export { type DatasetStanding, datasetStandings } from './sync-progress.ts';
export { createSyncService, selectDatasets, type SyncServiceOptions } from './sync-service.ts';
