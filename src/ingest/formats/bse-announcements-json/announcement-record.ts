import { z } from 'zod';

const text = z.string().nullish();
const count = z.union([z.number(), z.string()]).nullish();

/**
 * One record of BSE's announcements API (`AnnSubCategoryGetData`), as far as this parser reads
 * it. BSE also sends XML_NAME, DT_TM, CRITICALNEWS, ANNOUNCEMENT_TYPE, QUARTER_ID, FILESTATUS,
 * OLD, RN, PDFFLAG, NSURL, AGENDA_ID, News_submission_dt, TimeDiff, Fld_Attachsize and
 * AUDIO_VIDEO_FILE; they are allowed and ignored.
 */
export const BseAnnouncementRecordSchema = z.looseObject({
  NEWSID: text,
  SCRIP_CD: z.union([z.number(), z.string()]).nullish(),
  NEWSSUB: text,
  HEADLINE: text,
  MORE: text,
  CATEGORYNAME: text,
  ATTACHMENTNAME: text,
  NEWS_DT: text,
  DissemDT: text,
  SLONGNAME: text,
  TotalPageCnt: count,
});
export type BseAnnouncementRecord = z.infer<typeof BseAnnouncementRecordSchema>;

/** BSE's envelope: the page's records under `Table`, the whole answer's record count in `Table1[0].ROWCNT`. */
const EnvelopeSchema = z.looseObject({
  Table: z.array(z.unknown()),
  Table1: z.array(z.looseObject({ ROWCNT: count })).nullish(),
});

/** A page of the API's answer: its records, and how many records the whole answer holds (null when not said). */
export interface BseAnnouncementPage {
  readonly records: readonly unknown[];
  readonly rowCount: number | null;
}

const wholeNumber = (value: number | string | null | undefined): number | null => {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/** The page a document holds, or null when it is not BSE's envelope. */
export function pageOf(json: unknown): BseAnnouncementPage | null {
  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) return null;
  return { records: envelope.data.Table, rowCount: wholeNumber(envelope.data.Table1?.[0]?.ROWCNT) };
}

/**
 * For a connector paging through a day's announcements (`pageno=1, 2, …`): how many records
 * this page holds, and how many pages the answer has. The page count is BSE's `TotalPageCnt`
 * (stated on every record), else 0 when `ROWCNT` is 0 (a day with nothing published), else 1
 * when this page holds all `ROWCNT` records; null when none of these says it (or the document
 * is not BSE's envelope, which then holds 0 rows).
 */
export function bseAnnouncementPages(json: unknown): { rows: number; totalPages: number | null } {
  const page = pageOf(json);
  if (!page) return { rows: 0, totalPages: null };
  const first = BseAnnouncementRecordSchema.safeParse(page.records[0]);
  const stated = first.success ? wholeNumber(first.data.TotalPageCnt) : null;
  const rows = page.records.length;
  if (stated !== null && stated > 0) return { rows, totalPages: stated };
  if (page.rowCount === 0 && rows === 0) return { rows, totalPages: 0 };
  return { rows, totalPages: page.rowCount !== null && page.rowCount > 0 && page.rowCount <= rows ? 1 : null };
}
