// src/platform/config: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export {
  BUNDLED_SAMPLE_DIR,
  type Config,
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  DEFAULT_INGEST_LIMITS,
  DEFAULT_REQUEST_LIMITS,
  type EventStoreSetting,
  type IngestLimits,
  loadConfig,
  type RequestLimits,
} from './config.ts';
export type { ExchangeHost, SyncConfig } from './sync-config.ts';
