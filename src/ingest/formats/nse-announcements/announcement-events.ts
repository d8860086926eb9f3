import { createDisclosureCollector, classifyDisclosure, bodyText, subjectText } from '#ingest/shared/disclosure-types';
import type { CompanyLookup } from '#ingest/shared/parser';
import type { FileEvents, ParseContext } from '#ingest/shared/parse-support';
import type { NseAnnouncementRow } from './read-announcement-record.ts';

/**
 * NSE's `desc` is both the subject its website shows and its category (a fixed list such as
 * "Credit Rating" or "Outcome of Board Meeting"), so it is both here; `attchmntText` is the
 * body.
 */
function disclosureData(row: NseAnnouncementRow, disclosureId: string, companies: CompanyLookup, parserVersion: number) {
  const { eventType, documentType } = classifyDisclosure(row.desc, row.desc);
  return {
    disclosureId,
    companyId: companies.resolve({ isin: row.isin, nseSymbol: row.symbol }),
    company: { name: row.name?.slice(0, 300) ?? null, nseSymbol: row.symbol, bseCode: null, isin: row.isin, cin: null },
    eventType,
    category: row.desc.slice(0, 200),
    subject: subjectText(row.desc),
    body: bodyText(row.text),
    documentType,
    attachmentUrl: row.attachmentUrl,
    publishedAt: row.publishedAt,
    parserVersion,
  };
}

/** One event per announcement; a record repeating another's seq_id is read once and reported. */
export function nseAnnouncementEvents(rows: readonly NseAnnouncementRow[], { emitter, input, version }: ParseContext): FileEvents {
  const collected = createDisclosureCollector(emitter);
  for (const row of rows) {
    collected.problems.push(...row.notes);
    if (collected.isFirst(row.key, row.where, '(same company and seq_id)')) {
      collected.emit(disclosureData(row, emitter.idFor(row.key), input.companies, version), row.key, row.publishedAt, row.where);
    }
  }
  return { events: collected.events, problems: collected.problems };
}
