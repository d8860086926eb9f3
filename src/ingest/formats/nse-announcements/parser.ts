import { detectJsonKeys, createRecordJsonParser } from '#ingest/shared/parse-support';
import { recordsOf } from './announcement-record.ts';
import { nseAnnouncementEvents } from './announcement-events.ts';
import { readAnnouncementRecord } from './read-announcement-record.ts';

/**
 * NSE's corporate announcements as its API returns them (JSON): one DisclosurePublished per
 * announcement, its event type from the shared dictionary (../disclosure-types). knownAt and
 * publishedAt are the dissemination time (`exchdisstime`), else `an_dt`.
 */
export const nseAnnouncementsParser = createRecordJsonParser({
  format: 'nse-announcements',
  version: 1,
  description: 'NSE corporate announcements API (JSON): subject, details, attachment link, ISIN',
  source: 'nse',
  // an_dt and attchmntFile are this API's own names; NSE's results and integrated-filing
  // listings (seqNumber, broadcast_Date, pdf_attach) have neither.
  detect: detectJsonKeys('an_dt', 'attchmntFile'),
  expected:
    'expected a JSON array of NSE corporate announcements (seq_id, symbol, desc, an_dt, exchdisstime, attchmntFile, sm_isin, …), bare or under "data"',
  documentOf: recordsOf,
  noRecords: 'the file holds no announcements',
  readRecord: readAnnouncementRecord,
  toEvents: nseAnnouncementEvents,
});
