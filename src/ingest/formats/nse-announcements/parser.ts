import { createEventEmitter } from '../../shared/event-emitter.ts';
import type { Parser } from '../../shared/parser.ts';
import { rowsOutcome } from '../../shared/parse-support/parse-outcome.ts';
import { readJson } from '../../shared/parse-support/read-json.ts';
import { readRows } from '../../shared/parse-support/read-rows.ts';
import { recordsOf } from './announcement-record.ts';
import { nseAnnouncementEvents } from './announcement-events.ts';
import { readAnnouncementRecord } from './read-announcement-record.ts';

const FORMAT = 'nse-announcements';
const VERSION = 1;

const EXPECTED =
  'expected a JSON array of NSE corporate announcements (seq_id, symbol, desc, an_dt, exchdisstime, attchmntFile, sm_isin, …), bare or under "data"';

/**
 * NSE's corporate announcements as its API returns them (JSON): one DisclosurePublished per
 * announcement, its event type from the shared dictionary (../disclosure-types). knownAt and
 * publishedAt are the dissemination time (`exchdisstime`), else `an_dt`.
 */
export const nseAnnouncementsParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'NSE corporate announcements API (JSON): subject, details, attachment link, ISIN',
  priority: 5,
  // an_dt and attchmntFile are this API's own names; NSE's results and integrated-filing
  // listings (seqNumber, broadcast_Date, pdf_attach) have neither.
  detect: (_fileName, head) => /^\s*[[{]/.test(head) && head.includes('"an_dt"') && head.includes('"attchmntFile"'),
  parse(input) {
    const json = readJson(input.bytes, EXPECTED);
    if (!json.ok) return { ok: false, reason: json.reason, problems: [] };
    const records = recordsOf(json.value);
    if (!records) return { ok: false, reason: `not a ${FORMAT} file: ${EXPECTED}`, problems: [] };
    if (records.length === 0) return { ok: false, reason: `the file holds no announcements: ${EXPECTED}`, problems: [] };
    const { rows, problems } = readRows(records, readAnnouncementRecord);
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'nse' });
    const events = nseAnnouncementEvents(rows, emitter, input.companies, VERSION);
    return rowsOutcome(events.events, records.length, [...problems, ...events.problems]);
  },
};
