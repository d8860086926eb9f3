// src/ingest/formats/nse-announcements: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseAnnouncementsParser } from './parser.ts';
