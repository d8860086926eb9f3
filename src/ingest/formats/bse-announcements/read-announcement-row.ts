import { parseExchangeDateTime } from '#domain/indian-text';
import { attachmentUrlOf } from '#ingest/shared/disclosure-types';
import type { CsvRow } from '#ingest/shared/parse-support';
import type { Problem } from '#ingest/shared/parser';
import { companyNameFromMoreInfo, headlineFromMoreInfo, splitBseSubject, type BseAnnouncementRow } from '#ingest/shared/bse-announcement';
import type { BseAnnouncementsColumn } from './columns.ts';

/** A record with nothing but a PDF link (and sometimes a category): the scraper's extra row. */
export interface BseAttachmentRow {
  readonly kind: 'attachment';
  readonly where: string;
  readonly pdf: string;
}

/** A record that cannot be used; kept in the sequence so that the PDF rows after it stay its own. */
export interface BseUnusableRow {
  readonly kind: 'unusable';
  readonly where: string;
  readonly pdf: string;
  readonly problem: Problem;
}

export type BseRow = BseAnnouncementRow | BseAttachmentRow | BseUnusableRow;

/**
 * Reads one record. The scrip code is the Symbol, else the code inside the Subject; the
 * company name is the Subject's, else the one BSE writes into More Info ("X has informed
 * BSE that …"). A record naming neither cannot be attributed and is unusable; it is kept in
 * the sequence (not dropped) so that the PDF-only rows after it are not taken for a second
 * attachment of the announcement before it.
 */
export function readAnnouncementRow(row: CsvRow<BseAnnouncementsColumn>): BseRow {
  const { cell } = row;
  const [symbol, subject, date, moreInfo] = [cell('symbol'), cell('subject'), cell('date'), cell('moreInfo')];
  if (!symbol && !subject && !date && !moreInfo) return { kind: 'attachment', where: row.at().where, pdf: cell('pdf') };
  const split = subject ? splitBseSubject(subject) : null;
  const code = symbol || split?.code || null;
  const { where } = row.at(code);
  const fail = (message: string): BseUnusableRow => ({ kind: 'unusable', where, pdf: cell('pdf'), problem: { where, message } });
  if (symbol && !/^\d{6}$/.test(symbol)) return fail(`Symbol "${symbol}" is not a BSE scrip code: expected six digits`);
  if (symbol && split && split.code !== symbol) {
    return fail(`Symbol ${symbol} and the code ${split.code} in the Subject differ: expected the same scrip code`);
  }
  const publishedAt = parseExchangeDateTime(date);
  if (!publishedAt) return fail(`Date "${date}" is not a date and time: expected DD-MM-YYYY HH:MM:SS (IST), e.g. 21-08-2021 22:02:39`);
  const name = split?.name ?? companyNameFromMoreInfo(moreInfo);
  if (!code && !name) {
    const opening = moreInfo.replace(/\s+/g, ' ').slice(0, 40);
    return fail(
      `no company: Symbol and Subject are empty and More Info ("${opening}…") names none; expected a scrip code or "<Company> - <code> - <headline>"`,
    );
  }
  const headline = split?.headline ?? (subject || headlineFromMoreInfo(moreInfo));
  if (!headline) return fail("Subject and More Info are empty: expected the announcement's subject");
  const attachmentUrl = attachmentUrlOf(cell('pdf'));
  const notes =
    attachmentUrl === undefined
      ? [
          {
            where,
            message: `PDF "${cell('pdf').slice(0, 100)}" is not a link: expected an https URL or "NO PDF"; the announcement is kept without it`,
          },
        ]
      : [];
  return {
    kind: 'announcement',
    where,
    code,
    name,
    headline,
    moreInfo: row.published('moreInfo'),
    category: cell('category') || null,
    publishedAt,
    attachmentUrl: attachmentUrl ?? null,
    notes,
  };
}
