import { type BseAnnouncementRow, bseDisclosureData, bseDisclosureKey } from '#ingest/shared/bse-announcement';
import { createDisclosureCollector } from '#ingest/shared/disclosure-types';
import type { FileEvents, ParseContext } from '#ingest/shared/parse-support';

/**
 * One DisclosurePublished per announcement, its data as the CSV listing's (bse-announcements)
 * would give; an announcement repeated in the page (same company, time and attachment) is read
 * once and reported.
 */
export function bseApiAnnouncementEvents(rows: readonly BseAnnouncementRow[], { emitter, input, version }: ParseContext): FileEvents {
  const collected = createDisclosureCollector(emitter);
  for (const row of rows) {
    collected.problems.push(...row.notes);
    const key = bseDisclosureKey(row);
    if (collected.isFirst(key, row.where, '(same company, time and attachment)')) {
      collected.emit(bseDisclosureData(row, emitter.idFor(key), input.companies, version), key, row.publishedAt, row.where);
    }
  }
  return { events: collected.events, problems: collected.problems };
}
