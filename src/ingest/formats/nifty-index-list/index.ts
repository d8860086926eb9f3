// src/ingest/formats/nifty-index-list: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { niftyIndexListParser } from './parser.ts';
