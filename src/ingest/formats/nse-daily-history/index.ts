// src/ingest/formats/nse-daily-history: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseDailyHistoryParser } from './parser.ts';
