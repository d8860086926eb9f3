import type { CompanyLookup } from '#ingest/shared/parser';
import { classifyDisclosure, bodyText, subjectText } from '#ingest/shared/disclosure-types';
import type { BseAnnouncementRow } from './bse-announcement-row.ts';

/**
 * A BSE announcement's natural key: the company, the time and BSE's attachment id (the GUID in
 * `AttachLive/<GUID>.pdf`), or the headline when there is no attachment. The scraper saved
 * some pages twice, once with the Symbol cell empty; both copies have the same key.
 */
export function bseDisclosureKey(row: BseAnnouncementRow): string {
  const attachment = row.attachmentUrl ? /([^/]+?)(\.pdf)?$/i.exec(row.attachmentUrl)?.[1] : undefined;
  const what = attachment ?? (subjectText(row.headline) ?? '').toLowerCase();
  return `BSE:${row.code ?? row.name ?? ''}:${row.publishedAt}:${what}`;
}

/** The DisclosurePublished data of an announcement: the same from BSE's CSV listing and its API. */
export function bseDisclosureData(row: BseAnnouncementRow, disclosureId: string, companies: CompanyLookup, parserVersion: number) {
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
