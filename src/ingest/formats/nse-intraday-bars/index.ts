// src/ingest/formats/nse-intraday-bars: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseIntradayBarsParser } from './parser.ts';
