// src/ingest/formats/nse-results-xbrl: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { NSE_RESULTS_XBRL, nseResultsXbrlParser } from './parser.ts';
