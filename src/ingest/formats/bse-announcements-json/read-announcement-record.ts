import { parseExchangeDateTime } from '#domain/indian-text';
import { type BseAnnouncementRow, companyNameFromMoreInfo, headlineFromMoreInfo, splitBseSubject } from '#ingest/shared/bse-announcement';
import { attachmentUrlOf } from '#ingest/shared/disclosure-types';
import { rowProblem, type RowResult } from '#ingest/shared/parse-support';
import type { Problem } from '#ingest/shared/parser';
import { BseAnnouncementRecordSchema } from './announcement-record.ts';

/** Where BSE serves an announcement's attachment, by the file name the API gives. */
export const BSE_ATTACHMENT_BASE = 'https://www.bseindia.com/xml-data/corpfiling/AttachLive/';

/**
 * An IST time as the API writes it, `2021-08-21T22:02:39.53` (fractions of a second of any
 * length, or none): the fraction is dropped, as the project's times keep whole seconds.
 */
const timeOf = (value: string | null | undefined) => parseExchangeDateTime(value?.trim().replace(/(T\d{2}:\d{2}:\d{2})\.\d+$/, '$1'));

/** The attachment's URL: a bare file name is under AttachLive; null when none; undefined when the text is neither. */
function attachmentOf(name: string | null | undefined): string | null | undefined {
  const file = (name ?? '').trim();
  if (/^https?:\/\//i.test(file)) return attachmentUrlOf(file);
  if (file === '') return null;
  return /^[\w.-]+$/.test(file) ? `${BSE_ATTACHMENT_BASE}${file}` : undefined;
}

/**
 * Reads the `n`th record (from 1) as the CSV listing's rows read (bse-announcements): the
 * scrip code is SCRIP_CD, else the code in NEWSSUB ("<Company> - <code> - <headline>"); the
 * name NEWSSUB's, else SLONGNAME; the body MORE when BSE sends the longer text, else HEADLINE;
 * the time DissemDT (when BSE disseminated it), else NEWS_DT, both IST.
 */
export function readAnnouncementRecord(value: unknown, n: number): RowResult<BseAnnouncementRow> {
  const parsed = BseAnnouncementRecordSchema.safeParse(value);
  if (!parsed.success)
    return rowProblem(`record ${n}`, 'not an announcement: expected an object with NEWSID, SCRIP_CD, NEWSSUB, DissemDT, …');
  const r = parsed.data;
  const scrip = r.SCRIP_CD === null || r.SCRIP_CD === undefined ? '' : String(r.SCRIP_CD).trim();
  const subject = r.NEWSSUB?.trim() ?? '';
  const split = subject ? splitBseSubject(subject) : null;
  const code = scrip || split?.code || null;
  const where = `record ${n}${code ? ` (${code})` : ''}`;
  const fail = (message: string) => rowProblem(where, message);
  if (scrip && !/^\d{6}$/.test(scrip)) return fail(`SCRIP_CD "${scrip}" is not a BSE scrip code: expected six digits`);
  if (scrip && split && split.code !== scrip)
    return fail(`SCRIP_CD ${scrip} and the code ${split.code} in NEWSSUB differ: expected the same scrip code`);
  const publishedAt = timeOf(r.DissemDT) ?? timeOf(r.NEWS_DT);
  if (!publishedAt) {
    return fail(`no readable time: DissemDT "${r.DissemDT ?? ''}", NEWS_DT "${r.NEWS_DT ?? ''}"; expected e.g. 2021-08-21T22:02:39 (IST)`);
  }
  const moreInfo = r.MORE?.trim() ? r.MORE : (r.HEADLINE ?? '');
  const name = split?.name ?? (r.SLONGNAME?.trim() || companyNameFromMoreInfo(moreInfo));
  if (!code && !name) return fail('no company: SCRIP_CD, NEWSSUB and SLONGNAME name none');
  const headline = split?.headline ?? (subject || headlineFromMoreInfo(moreInfo));
  if (!headline) return fail("NEWSSUB and HEADLINE are empty: expected the announcement's subject");
  const attachmentUrl = attachmentOf(r.ATTACHMENTNAME);
  const notes: Problem[] =
    attachmentUrl === undefined
      ? [
          {
            where,
            message: `ATTACHMENTNAME "${(r.ATTACHMENTNAME ?? '').slice(0, 100)}" is not a file name: the announcement is kept without it`,
          },
        ]
      : [];
  return {
    ok: true,
    row: {
      kind: 'announcement',
      where,
      code,
      name,
      headline,
      moreInfo: moreInfo.trimEnd(),
      category: r.CATEGORYNAME?.trim() || null,
      publishedAt,
      attachmentUrl: attachmentUrl ?? null,
      notes,
    },
  };
}
