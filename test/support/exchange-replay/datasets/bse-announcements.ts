import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { json, type Catalogue } from '../catalogue.ts';
import { under, type CorpusRoots } from '../corpus-roots.ts';
import { dayOfCompact } from '../dates.ts';
import { readCsvRecords } from '../read-csv.ts';
import { cappedWindow } from '../window.ts';

/** BSE's page size for announcements (an assumption: BSE pages its website's list by 50). */
const PAGE_SIZE = 50;

/** A UUID-shaped id derived from the row, stable across runs; BSE's NEWSID is not in the CSV. */
const idOf = (text: string) => {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/** `21-08-2021 22:02:39` → `2021-08-21T22:02:39` (BSE's JSON times have no zone: IST). */
const isoTime = (stamp: string) => {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(stamp.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}T${m[4]}` : stamp;
};

/**
 * `AnnSubCategoryGetData`: no real response was found, so its `{Table, Table1}` answer is built
 * from the real BSE announcements CSV (21 Aug 2021) in the API's key order (BseIndiaApi's
 * one-record sample). The subject's third part is the sub-category; `NEWSID` is derived from
 * the row (the CSV has none); `XML_NAME`, `AGENDA_ID` and attachment sizes are unknown (empty).
 */
export function addBseAnnouncements(catalogue: Catalogue, roots: CorpusRoots): void {
  const file = under(roots.repo, 'sample-data/announcements/BSE_2021-08-21_2021-08-21.csv');
  const records = file ? readCsvRecords(readFileSync(file, 'utf8')) : [];
  const rows = records.map((r) => {
    const subject = r['Subject'] ?? '';
    const parts = subject.split(' - ');
    const time = isoTime(r['Date'] ?? '');
    const attachment = /\/([^/]+\.pdf)$/i.exec(r['PDF'] ?? '')?.[1] ?? '';
    return {
      NEWSID: idOf(`${r['Symbol']}|${subject}|${r['Date']}|${r['PDF']}`),
      SCRIP_CD: Number(r['Symbol']),
      XML_NAME: '',
      NEWSSUB: subject,
      DT_TM: time,
      NEWS_DT: time,
      CRITICALNEWS: 0,
      ANNOUNCEMENT_TYPE: 'A',
      QUARTER_ID: null,
      FILESTATUS: 'N    ',
      ATTACHMENTNAME: attachment,
      MORE: '',
      HEADLINE: r['More Info'] ?? '',
      CATEGORYNAME: r['Category'] || null,
      OLD: 1,
      RN: 0,
      PDFFLAG: attachment ? 1 : 0,
      NSURL: '',
      SLONGNAME: parts[0] ?? '',
      AGENDA_ID: null,
      TotalPageCnt: 0,
      News_submission_dt: time.slice(0, 19),
      DissemDT: time,
      TimeDiff: '00:00:00',
      Fld_Attachsize: null,
      SUBCATNAME: parts.slice(2).join(' - '),
      AUDIO_VIDEO_FILE: null,
    };
  });

  catalogue.apis.push({
    host: 'bse-api',
    path: '/BseIndiaAPI/api/AnnSubCategoryGetData/w',
    dataset: 'bse-announcements',
    example: 'pageno=1&strCat=-1&strPrevDate=20210821&strToDate=20210821&strScrip=&strSearch=P&strType=C&subcategory=-1',
    answer: (query, context) => {
      const window = cappedWindow(
        { from: dayOfCompact(query.get('strPrevDate')), to: dayOfCompact(query.get('strToDate')) },
        context.bseWindowCapDays,
      );
      const scrip = query.get('strScrip')?.trim();
      const selected = rows
        .filter((row) => {
          const day = dayOfCompact(row.DT_TM);
          if (!day || (window.from && day < window.from) || (window.to && day > window.to)) return false;
          if (context.publishedUntil && day > context.publishedUntil) return false;
          return !scrip || String(row.SCRIP_CD) === scrip;
        })
        .sort((a, b) => (a.DT_TM < b.DT_TM ? 1 : a.DT_TM > b.DT_TM ? -1 : 0));
      const page = Math.max(1, Number(query.get('pageno')) || 1);
      const pages = Math.ceil(selected.length / PAGE_SIZE);
      const table = selected
        .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
        .map((row, i) => ({ ...row, RN: (page - 1) * PAGE_SIZE + i + 1, TotalPageCnt: pages }));
      return json({ Table: table, Table1: [{ ROWCNT: selected.length }] });
    },
  });
}
