import { createDisclosureCollector } from '../../shared/disclosure-types/disclosure-collector.ts';
import type { CompanyLookup } from '../../shared/company-lookup.ts';
import { classifyDisclosure } from '../../shared/disclosure-types/classify-disclosure.ts';
import { bodyText, subjectText } from '../../shared/disclosure-types/disclosure-text.ts';
import type { FileEvents } from '../../shared/parse-support/file-events.ts';
import type { ParseContext } from '../../shared/parse-support/parse-context.ts';
import type { BseAnnouncementRow, BseRow } from './read-announcement-row.ts';

/**
 * An announcement's natural key: the company, the time and BSE's attachment id (the GUID in
 * `AttachLive/<GUID>.pdf`), or the headline when there is no attachment. The scraper saved
 * some pages twice, once with the Symbol cell empty; both copies have the same key.
 */
function keyOf(row: BseAnnouncementRow): string {
  const attachment = row.attachmentUrl ? /([^/]+?)(\.pdf)?$/i.exec(row.attachmentUrl)?.[1] : undefined;
  const what = attachment ?? (subjectText(row.headline) ?? '').toLowerCase();
  return `BSE:${row.code ?? row.name ?? ''}:${row.publishedAt}:${what}`;
}

function disclosureData(row: BseAnnouncementRow, disclosureId: string, companies: CompanyLookup, parserVersion: number) {
  const { eventType, documentType } = classifyDisclosure(row.headline, row.category);
  return {
    disclosureId,
    companyId: row.code ? companies.resolve({ bseCode: row.code }) : null,
    company: { name: row.name?.slice(0, 300) ?? null, nseSymbol: null, bseCode: row.code, isin: null, cin: null },
    eventType,
    category: row.category?.slice(0, 200) ?? null,
    subject: subjectText(row.headline),
    body: bodyText(row.moreInfo),
    documentType,
    attachmentUrl: row.attachmentUrl,
    publishedAt: row.publishedAt,
    parserVersion,
  };
}

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
    const key = keyOf(row);
    if (collected.isFirst(key, row.where, '(same company, time and attachment)')) {
      collected.emit(disclosureData(row, emitter.idFor(key), input.companies, version), key, row.publishedAt, row.where);
    }
  }
  return { events: collected.events, problems };
}
