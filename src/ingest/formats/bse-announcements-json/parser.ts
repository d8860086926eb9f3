import type { Parser } from '#ingest/shared/parser';
import { createRecordJsonParser } from '#ingest/shared/parse-support';
import { pageOf } from './announcement-record.ts';
import { bseApiAnnouncementEvents } from './announcement-events.ts';
import { readAnnouncementRecord } from './read-announcement-record.ts';

/** BSE's answer for a day with nothing published, exactly. */
const EMPTY_ANSWER = /^\s*\{\s*"Table"\s*:\s*\[\s*\]\s*,\s*"Table1"\s*:\s*\[\s*\{\s*"ROWCNT"\s*:\s*0\s*\}\s*\]\s*\}\s*$/;

/**
 * A page of the API's answer: BSE's envelope naming NEWSID and SCRIP_CD (this API's own
 * names: the corporate-actions API writes `scrip_code`), or the empty answer.
 */
const detect: Parser['detect'] = (_fileName, head) =>
  EMPTY_ANSWER.test(head) || (/^\s*\{/.test(head) && ['"Table"', '"NEWSID"', '"SCRIP_CD"'].every((key) => head.includes(key)));

/**
 * BSE's corporate announcements as its API answers them (`AnnSubCategoryGetData`, JSON, one
 * page): one DisclosurePublished per announcement, the same data as the CSV listing
 * (bse-announcements) gives. publishedAt and knownAt are DissemDT, else NEWS_DT (IST). A day
 * with nothing published (`Table` empty, ROWCNT 0) is parsed, with no events.
 */
export const bseAnnouncementsJsonParser = createRecordJsonParser({
  format: 'bse-announcements-json',
  version: 1,
  description: 'BSE corporate announcements API (JSON, AnnSubCategoryGetData): subject, category, details, attachment link',
  source: 'bse',
  detect,
  expected:
    'expected BSE\'s announcements answer, {"Table": [{NEWSID, SCRIP_CD, NEWSSUB, HEADLINE, CATEGORYNAME, ATTACHMENTNAME, DissemDT, …}], "Table1": [{"ROWCNT": n}]}',
  documentOf: pageOf,
  noRecords: 'the page holds no announcements though ROWCNT does not say the answer is empty (a page past the last?)',
  isEmptyAnswer: (page) => page.rowCount === 0,
  readRecord: readAnnouncementRecord,
  toEvents: bseApiAnnouncementEvents,
});
