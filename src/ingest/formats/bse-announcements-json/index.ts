// src/ingest/formats/bse-announcements-json: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { bseAnnouncementPages } from './announcement-record.ts';
export { bseAnnouncementsJsonParser } from './parser.ts';
