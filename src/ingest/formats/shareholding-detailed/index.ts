// src/ingest/formats/shareholding-detailed: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { shareholdingDetailedParser } from './parser.ts';
