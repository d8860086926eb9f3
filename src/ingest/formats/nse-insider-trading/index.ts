// src/ingest/formats/nse-insider-trading: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseInsiderTradingParser } from './parser.ts';
