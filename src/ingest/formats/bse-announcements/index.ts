// src/ingest/formats/bse-announcements: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { bseAnnouncementsParser } from './parser.ts';
