// src/ingest/shared/xbrl: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { readXbrlInstance, type XbrlFact, type XbrlInstance } from './read-xbrl-instance.ts';
