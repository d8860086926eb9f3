import { ddmmyyyyDashed } from '../exchange-dates.ts';
import type { Dataset, SyncUnit } from './dataset.ts';
import { fetchDocument } from './fetch-document.ts';
import { clip, dayUnits, windowUnits } from './units.ts';

const windowQuery = (unit: SyncUnit) => `from_date=${ddmmyyyyDashed(unit.from)}&to_date=${ddmmyyyyDashed(unit.to)}`;

const announcementsPath = (unit: SyncUnit) => `/api/corporate-announcements?index=equities&${windowQuery(unit)}`;

export const nseAnnouncements: Dataset = {
  name: 'nse-announcements',
  exchange: 'NSE',
  description: "NSE's corporate announcements, a day at a time",
  host: 'nse-www',
  follow: { kind: 'intraday', everyMinutes: 2, fromMinute: 9 * 60, toMinute: 18 * 60 + 30, offHoursMinutes: 60 },
  units: (from, to) => Promise.resolve(dayUnits(from, to)),
  urls: (unit, io) => [io.urlAt('nse-www', announcementsPath(unit))],
  async fetch(unit, io) {
    const answer = await fetchDocument(io, {
      host: 'nse-www',
      path: announcementsPath(unit),
      expected: 'json',
      fileName: `corporate-announcements_${unit.from}.json`,
    });
    if (answer.kind !== 'data') return answer;
    if (/^\s*\[\s*\]\s*$/.test(new TextDecoder().decode(answer.document.bytes.subarray(0, 64))) && answer.document.bytes.length < 64) {
      return { kind: 'absent', reason: 'no announcements that day', requests: answer.response.attempts };
    }
    return { kind: 'fetched', documents: [answer.document], requests: answer.response.attempts };
  },
};

/** Corporate actions a quarter at a time (NSE answers at most a year). */
const ACTIONS_WINDOW_MONTHS = 3;
const actionsPath = (unit: SyncUnit) => `/api/corporates-corporateActions?index=equities&${windowQuery(unit)}`;

export const nseCorporateActions: Dataset = {
  name: 'nse-corporate-actions',
  exchange: 'NSE',
  description: "NSE's corporate actions (dividends, splits, bonuses, rights) by ex-date",
  host: 'nse-www',
  follow: { kind: 'window', everyMinutes: 24 * 60, back: 30, ahead: 90 },
  units: (from, to) => {
    const span = clip(from, to);
    return Promise.resolve(span ? windowUnits(span.from, span.to, ACTIONS_WINDOW_MONTHS) : []);
  },
  urls: (unit, io) => [io.urlAt('nse-www', actionsPath(unit))],
  async fetch(unit, io) {
    const answer = await fetchDocument(io, {
      host: 'nse-www',
      path: actionsPath(unit),
      expected: 'json',
      fileName: `corporates-corporateActions_${unit.from}_${unit.to}.json`,
    });
    if (answer.kind !== 'data') return answer;
    return { kind: 'fetched', documents: [answer.document], requests: answer.response.attempts };
  },
};
