import { createEventEmitter } from '../../shared/event-emitter.ts';
import type { Parser } from '../../shared/parser.ts';
import { hasColumns, headerCells } from '../../shared/parse-support/header-cells.ts';
import { rowsOutcome } from '../../shared/parse-support/parse-outcome.ts';
import { readCsvRows } from '../../shared/parse-support/read-csv-rows.ts';
import { bseAnnouncementEvents } from './announcement-events.ts';
import { BSE_ANNOUNCEMENTS_COLUMNS } from './columns.ts';
import { readAnnouncementRow } from './read-announcement-row.ts';

const FORMAT = 'bse-announcements';
const VERSION = 1;

/**
 * BSE's corporate announcements listing saved as CSV (`Symbol,Subject,Date,More Info,
 * Category,PDF`): one DisclosurePublished per announcement, its event type from the shared
 * dictionary (../disclosure-types). publishedAt and knownAt are the announcement's Date (IST).
 */
export const bseAnnouncementsParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'BSE corporate announcements (CSV): subject, category, details and attachment link',
  priority: 5,
  detect: (_fileName, head) => hasColumns(headerCells(head), Object.values(BSE_ANNOUNCEMENTS_COLUMNS)),
  parse(input) {
    const read = readCsvRows(input.bytes, FORMAT, BSE_ANNOUNCEMENTS_COLUMNS, (index) => (record) => ({
      ok: true,
      row: readAnnouncementRow(record, index),
    }));
    if (!read.ok) return read;
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'bse' });
    const { events, problems } = bseAnnouncementEvents(read.rows, emitter, input.companies, VERSION);
    // Rows with only a PDF link are parts of the announcement above them, not records.
    const records = read.count - read.rows.filter((row) => row.kind === 'attachment').length;
    return rowsOutcome(events, records, [...read.problems, ...problems]);
  },
};
