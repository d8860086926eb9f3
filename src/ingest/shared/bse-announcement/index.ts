// src/ingest/shared/bse-announcement: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export type { BseAnnouncementRow } from './bse-announcement-row.ts';
export { bseDisclosureData, bseDisclosureKey } from './bse-disclosure.ts';
export { companyNameFromMoreInfo, headlineFromMoreInfo, splitBseSubject } from './bse-subject.ts';
