import { bseAnnouncementPages } from '#ingest/formats/bse-announcements-json';
import { yyyymmdd } from '../exchange-dates.ts';
import type { Dataset, FetchedDocument, SyncUnit } from './dataset.ts';
import { fetchDocument } from './fetch-document.ts';
import { fetchSessionFile, SESSION_FILE_RULE, UDIFF_FROM } from './nse-bhavcopies.ts';
import { clip, dayUnits, sessionUnits, windowUnits } from './units.ts';

const bhavcopyPath = (date: string) => `/download/BhavCopy/Equity/BhavCopy_BSE_CM_0_0_0_${yyyymmdd(date)}_F_0000.CSV`;

export const bseBhavcopy: Dataset = {
  name: 'bse-bhavcopy',
  exchange: 'BSE',
  description: 'BSE equity bhavcopy, UDiFF layout (from 2024-07-08)',
  host: 'bse-www',
  since: UDIFF_FROM,
  follow: SESSION_FILE_RULE,
  units: (from, to) => {
    const span = clip(from, to, UDIFF_FROM);
    return Promise.resolve(span ? sessionUnits(span.from, span.to) : []);
  },
  urls: (unit, io) => [io.urlAt('bse-www', bhavcopyPath(unit.from))],
  fetch: (unit, io) =>
    fetchSessionFile(unit, io, {
      host: 'bse-www',
      path: bhavcopyPath(unit.from),
      expected: 'csv',
      fileName: `BhavCopy_BSE_CM_0_0_0_${yyyymmdd(unit.from)}_F_0000.CSV`,
    }),
};

const announcementsPath = (unit: SyncUnit, page: number) =>
  `/BseIndiaAPI/api/AnnSubCategoryGetData/w?pageno=${page}&strCat=-1&strPrevDate=${yyyymmdd(unit.from)}&strToDate=${yyyymmdd(unit.to)}&strScrip=&strSearch=P&strType=C&subcategory=-1`;
/** A bound on pages a day may have (BSE pages 50 announcements; a busy day has a few thousand). */
const MAX_PAGES = 200;

/** How many pages BSE says a day has (bounded), and how many rows this page holds. */
function pagesOf(bytes: Uint8Array): { rows: number; pages: number | null } {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { rows: 0, pages: null };
  }
  const { rows, totalPages } = bseAnnouncementPages(json);
  return { rows, pages: totalPages === null ? null : Math.min(MAX_PAGES, totalPages) };
}

export const bseAnnouncements: Dataset = {
  name: 'bse-announcements',
  exchange: 'BSE',
  description: "BSE's corporate announcements, a day at a time, every page",
  host: 'bse-api',
  follow: { kind: 'intraday', everyMinutes: 2, fromMinute: 9 * 60, toMinute: 18 * 60 + 30, offHoursMinutes: 60 },
  units: (from, to) => Promise.resolve(dayUnits(from, to)),
  urls: (unit, io) => [io.urlAt('bse-api', announcementsPath(unit, 1))],
  async fetch(unit, io) {
    const documents: FetchedDocument[] = [];
    let requests = 0;
    for (let page = 1, last = 1; page <= last; page++) {
      const answer = await fetchDocument(io, {
        host: 'bse-api',
        path: announcementsPath(unit, page),
        expected: 'json',
        fileName: `AnnSubCategoryGetData_${yyyymmdd(unit.from)}_page${page}.json`,
      });
      if (answer.kind !== 'data') return { ...answer, requests: requests + answer.requests };
      requests += answer.response.attempts;
      const { rows, pages } = pagesOf(answer.document.bytes);
      if (rows === 0) break;
      documents.push(answer.document);
      // Without a stated page count, pages are read until one comes back empty.
      last = pages ?? page + 1;
    }
    if (documents.length === 0) return { kind: 'absent', reason: 'no announcements that day', requests };
    return { kind: 'fetched', documents, requests };
  },
};

const actionsPath = (unit: SyncUnit) =>
  `/BseIndiaAPI/api/DefaultData/w?ddlcategorys=E&ddlindustrys=&segment=0&strSearch=D&Fdate=${yyyymmdd(unit.from)}&TDate=${yyyymmdd(unit.to)}`;

export const bseCorporateActions: Dataset = {
  name: 'bse-corporate-actions',
  exchange: 'BSE',
  description: "BSE's corporate actions by ex-date, a calendar month at a time",
  host: 'bse-api',
  follow: { kind: 'window', everyMinutes: 24 * 60, back: 30, ahead: 90 },
  units: (from, to) => Promise.resolve(windowUnits(from, to, 1)),
  urls: (unit, io) => [io.urlAt('bse-api', actionsPath(unit))],
  async fetch(unit, io) {
    const answer = await fetchDocument(io, {
      host: 'bse-api',
      path: actionsPath(unit),
      expected: 'json',
      fileName: `DefaultData_${yyyymmdd(unit.from)}_${yyyymmdd(unit.to)}.json`,
    });
    if (answer.kind !== 'data') return answer;
    return { kind: 'fetched', documents: [answer.document], requests: answer.response.attempts };
  },
};
