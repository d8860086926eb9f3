import { openArchive } from '#ingest/sources';
import { ddmmyyyy, legacyBhavcopyDate, yyyymmdd } from '../exchange-dates.ts';
import { bhavcopyTradeDate } from '../trade-date.ts';
import type { Dataset, DatasetIo, SyncUnit, UnitOutcome } from './dataset.ts';
import { type DocumentRequest, fetchDocument } from './fetch-document.ts';
import { clip, sessionUnits } from './units.ts';

/** NSE's UDiFF bhavcopy replaced the legacy one from this session on. */
export const UDIFF_FROM = '2024-07-08';

/** Bhavcopies follow each session from 18:15 IST until published; the last five are fetched again each evening for corrections. */
export const SESSION_FILE_RULE = { kind: 'session-file', afterMinute: 18 * 60 + 15, retryMinutes: 15, recheckSessions: 5 } as const;

/** The session a bhavcopy's bytes are of (the first CSV of a zip). */
function sessionOf(bytes: Uint8Array, io: DatasetIo): string | null {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return bhavcopyTradeDate(bytes);
  const archive = openArchive(bytes, io.limits, (name) => /\.csv$/i.test(name));
  if (archive.kind !== 'members') return null;
  const [first] = archive.members;
  return first ? bhavcopyTradeDate(first.head) : null;
}

/**
 * Fetches a session's file and checks the session it holds: a weekday holiday may be
 * answered with the previous session's file under the holiday's name, which is no file
 * for that day.
 */
export async function fetchSessionFile(unit: SyncUnit, io: DatasetIo, request: DocumentRequest): Promise<UnitOutcome> {
  const answer = await fetchDocument(io, request);
  if (answer.kind !== 'data') {
    // A past session answered 404 or with a page is a day without a file (a holiday); today's may come later.
    if ((answer.kind === 'absent' || answer.kind === 'not-published') && unit.to < io.today()) {
      return { kind: 'absent', reason: `no file for ${unit.key} (${answer.reason}): a holiday`, requests: answer.requests };
    }
    return answer.kind === 'absent' ? { ...answer, kind: 'not-published' } : answer;
  }
  const session = sessionOf(answer.document.bytes, io);
  if (session !== null && session !== unit.from) {
    return {
      kind: 'absent',
      reason: `the file served for ${unit.key} is of the session of ${session}: no session on ${unit.key}`,
      requests: answer.response.attempts,
    };
  }
  return { kind: 'fetched', documents: [answer.document], requests: answer.response.attempts };
}

const sessions = (dataset: Pick<Dataset, 'since' | 'until'>) => (from: string, to: string) => {
  const span = clip(from, to, dataset.since, dataset.until);
  return Promise.resolve(span ? sessionUnits(span.from, span.to) : []);
};

const udiffPath = (date: string) => `/content/cm/BhavCopy_NSE_CM_0_0_0_${yyyymmdd(date)}_F_0000.csv.zip`;
const legacyPath = (date: string) => {
  const { year, month, name } = legacyBhavcopyDate(date);
  return `/content/historical/EQUITIES/${year}/${month}/cm${name}bhav.csv.zip`;
};
const fullPath = (date: string) => `/products/content/sec_bhavdata_full_${ddmmyyyy(date)}.csv`;
const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export const nseBhavcopyUdiff: Dataset = {
  name: 'nse-bhavcopy-udiff',
  exchange: 'NSE',
  description: 'NSE cash-market bhavcopy, UDiFF layout (from 2024-07-08)',
  host: 'nse-archives',
  since: UDIFF_FROM,
  follow: SESSION_FILE_RULE,
  units: sessions({ since: UDIFF_FROM }),
  urls: (unit, io) => [io.urlAt('nse-archives', udiffPath(unit.from))],
  fetch: (unit, io) =>
    fetchSessionFile(unit, io, {
      host: 'nse-archives',
      path: udiffPath(unit.from),
      expected: 'zip',
      fileName: lastSegment(udiffPath(unit.from)),
    }),
};

export const nseBhavcopyLegacy: Dataset = {
  name: 'nse-bhavcopy-legacy',
  exchange: 'NSE',
  description: 'NSE cash-market bhavcopy, legacy layout (sessions before 2024-07-08)',
  host: 'nse-archives',
  until: '2024-07-05',
  follow: SESSION_FILE_RULE,
  units: sessions({ until: '2024-07-05' }),
  urls: (unit, io) => [io.urlAt('nse-archives', legacyPath(unit.from))],
  fetch: (unit, io) =>
    fetchSessionFile(unit, io, {
      host: 'nse-archives',
      path: legacyPath(unit.from),
      expected: 'zip',
      fileName: lastSegment(legacyPath(unit.from)),
    }),
};

export const nseBhavcopyFull: Dataset = {
  name: 'nse-bhavcopy-full',
  exchange: 'NSE',
  description: 'NSE full bhavcopy with delivery quantities',
  host: 'nse-archives',
  follow: SESSION_FILE_RULE,
  units: sessions({}),
  urls: (unit, io) => [io.urlAt('nse-archives', fullPath(unit.from))],
  fetch: (unit, io) =>
    fetchSessionFile(unit, io, {
      host: 'nse-archives',
      path: fullPath(unit.from),
      expected: 'csv',
      fileName: lastSegment(fullPath(unit.from)),
    }),
};
