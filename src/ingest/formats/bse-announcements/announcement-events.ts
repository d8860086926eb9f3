import { createDisclosureCollector } from '#ingest/shared/disclosure-types';
import type { FileEvents, ParseContext } from '#ingest/shared/parse-support';
import { bseDisclosureData, bseDisclosureKey } from '#ingest/shared/bse-announcement';
import type { BseRow } from './read-announcement-row.ts';

/**
 * The events of a file's rows, in file order. A row with only a PDF link belongs to the
 * announcement above it: when the link is that announcement's own (every such row in the
 * real file) or "NO PDF", it adds nothing and is skipped; another link would be a second
 * attachment, which the event cannot carry, so it is reported. A repeated announcement is
 * read once and reported.
 */
export function bseAnnouncementEvents(rows: readonly BseRow[], { emitter, input, version }: ParseContext): FileEvents {
  const collected = createDisclosureCollector(emitter);
  const { problems } = collected;
  let last: { readonly where: string; readonly pdf: string } | undefined;
  for (const row of rows) {
    if (row.kind === 'attachment') {
      if (!last)
        problems.push({
          where: row.where,
          message: 'a row with only a PDF link before any announcement: expected it after the announcement it belongs to',
        });
      else if (row.pdf && !/^no pdf$/i.test(row.pdf) && row.pdf !== last.pdf) {
        problems.push({
          where: row.where,
          message: `a second attachment (${row.pdf.slice(0, 200)}) of ${last.where}: an announcement carries one attachment link; this one is not kept`,
        });
      }
      continue;
    }
    if (row.kind === 'unusable') {
      last = row;
      problems.push(row.problem);
      continue;
    }
    last = { where: row.where, pdf: row.attachmentUrl ?? '' };
    problems.push(...row.notes);
    const key = bseDisclosureKey(row);
    if (collected.isFirst(key, row.where, '(same company, time and attachment)')) {
      collected.emit(bseDisclosureData(row, emitter.idFor(key), input.companies, version), key, row.publishedAt, row.where);
    }
  }
  return { events: collected.events, problems };
}
