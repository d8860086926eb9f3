// src/ingest/formats/shareholding-xbrl: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { SHAREHOLDING_XBRL, shareholdingXbrlParser } from './parser.ts';
