import { createRecordCsvParser } from '#ingest/shared/parse-support';
import { bseAnnouncementEvents } from './announcement-events.ts';
import { BSE_ANNOUNCEMENTS_COLUMNS } from './columns.ts';
import { readAnnouncementRow } from './read-announcement-row.ts';

/**
 * BSE's corporate announcements listing saved as CSV (`Symbol,Subject,Date,More Info,
 * Category,PDF`): one DisclosurePublished per announcement, its event type from the shared
 * dictionary (../disclosure-types). publishedAt and knownAt are the announcement's Date (IST).
 */
export const bseAnnouncementsParser = createRecordCsvParser({
  format: 'bse-announcements',
  version: 1,
  description: 'BSE corporate announcements (CSV): subject, category, details and attachment link',
  source: 'bse',
  columns: BSE_ANNOUNCEMENTS_COLUMNS,
  readRow: (row) => ({ ok: true, row: readAnnouncementRow(row) }),
  toEvents: bseAnnouncementEvents,
  // Rows with only a PDF link are parts of the announcement above them, not records.
  recordCount: (rows, records) => records - rows.filter((row) => row.kind === 'attachment').length,
});
