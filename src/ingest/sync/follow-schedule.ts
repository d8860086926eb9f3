import { addDays, istInstant, istParts, isWeekday, weekdaysUpTo } from '#platform/time';
import type { Dataset, DatasetIo, SyncUnit } from './datasets/dataset.ts';
import { snapshotUnit } from './datasets/units.ts';
import type { SyncProgress, UnitProgress } from './sync-progress.ts';

const MINUTE = 60_000;

/** A unit follow mode fetches now, and whether a unit already done is fetched again (a correction check). */
export interface DueUnit {
  readonly unit: SyncUnit;
  readonly refetch: boolean;
}

const session = (date: string): SyncUnit => ({ key: date, from: date, to: date });
const triedSince = (row: UnitProgress | undefined, ms: number) =>
  row?.triedAt !== null && row?.triedAt !== undefined && Date.parse(row.triedAt) >= ms;
const dueAgain = (row: UnitProgress | undefined, now: number) => !row?.nextDue || Date.parse(row.nextDue) <= now;

/** The quarter end (March, June, September, December) on or before a date. */
export function lastQuarterEnd(date: string): string {
  const year = Number(date.slice(0, 4));
  for (const y of [year, year - 1]) {
    for (const month of [12, 9, 6, 3]) {
      const end = new Date(Date.UTC(y, month, 0)).toISOString().slice(0, 10);
      if (end <= date) return end;
    }
  }
  return `${year - 1}-12-31`;
}

/**
 * The units of a dataset follow mode fetches at `now`, by its rule (docs/sync.md,
 * "Schedule"; times are IST): a session's file from its evening until published and the
 * last sessions once more each evening; today's announcements every few minutes in market
 * hours; windows around today on their interval; snapshots once a day; shareholding daily
 * while filings for the last quarter are due, monthly otherwise.
 */
export async function dueUnits(dataset: Dataset, now: number, io: DatasetIo, progress: SyncProgress): Promise<DueUnit[]> {
  const { date: today, hours, minutes } = istParts(now);
  const minuteOfDay = hours * 60 + minutes;
  const rule = dataset.follow;
  switch (rule.kind) {
    case 'session-file': {
      const recent = weekdaysUpTo(addDays(today, -1), rule.recheckSessions);
      const candidates = [...recent, ...(isWeekday(today) && minuteOfDay >= rule.afterMinute ? [today] : [])].filter(
        (day) => (!dataset.since || day >= dataset.since) && (!dataset.until || day <= dataset.until),
      );
      const rows = await progress.units(dataset.name, candidates);
      const eveningStart = istInstant(today, rule.afterMinute * 60);
      return candidates.flatMap<DueUnit>((day) => {
        const row = rows.get(day);
        // A run leaves the unit of a day it reaches open, file or no file: a session's file once
        // had (or found stale) waits for the evening's recheck like the settled ones.
        const had = row?.state === 'open' && (row.lastOutcome === 'fetched' || row.lastOutcome === 'absent');
        const settled = row?.state === 'done' || row?.state === 'absent' || had;
        if (!settled)
          return dueAgain(row, now) && (!row?.triedAt || now - Date.parse(row.triedAt) >= rule.retryMinutes * MINUTE)
            ? [{ unit: { ...session(day), final: true }, refetch: false }]
            : [];
        // Each evening, the last sessions once more: the exchange may have corrected a file.
        return now >= eveningStart && !triedSince(row, eveningStart) ? [{ unit: { ...session(day), final: true }, refetch: true }] : [];
      });
    }
    case 'intraday': {
      const inHours = minuteOfDay >= rule.fromMinute && minuteOfDay < rule.toMinute;
      const every = (inHours ? rule.everyMinutes : rule.offHoursMinutes) * MINUTE;
      // Yesterday's day once more after midnight: what came after its last look.
      const days = [addDays(today, -1), today];
      const rows = await progress.units(dataset.name, days);
      return days.flatMap<DueUnit>((day) => {
        const row = rows.get(day);
        if (day < today) return row && triedSince(row, istInstant(today, 0)) ? [] : [{ unit: session(day), refetch: true }];
        return !row?.triedAt || now - Date.parse(row.triedAt) >= every ? [{ unit: session(day), refetch: true }] : [];
      });
    }
    case 'window': {
      const unit = {
        key: `follow:${addDays(today, -rule.back)}..${addDays(today, rule.ahead)}`,
        from: addDays(today, -rule.back),
        to: addDays(today, rule.ahead),
      };
      const row = (await progress.units(dataset.name, [unit.key])).get(unit.key);
      return !row?.triedAt || now - Date.parse(row.triedAt) >= rule.everyMinutes * MINUTE ? [{ unit, refetch: true }] : [];
    }
    case 'daily-snapshot': {
      const unit = snapshotUnit(today);
      const row = (await progress.units(dataset.name, [unit.key])).get(unit.key);
      return row?.state === 'done' || row?.state === 'open' || !dueAgain(row, now) ? [] : [{ unit, refetch: false }];
    }
    case 'per-symbol': {
      const quarterEnd = lastQuarterEnd(today);
      const recent = today <= addDays(quarterEnd, rule.recentDays);
      const every = (recent ? 1 : 30) * 24 * 60 * MINUTE;
      const from = addDays(quarterEnd, -366);
      const symbols = await io.nseSymbols();
      const units = symbols.map((symbol) => ({ key: `symbol:${symbol}`, from, to: today, symbol }));
      const rows = await progress.units(
        dataset.name,
        units.map((u) => u.key),
      );
      return units.flatMap<DueUnit>((unit) => {
        const row = rows.get(unit.key);
        return !row?.triedAt || now - Date.parse(row.triedAt) >= every ? [{ unit, refetch: true }] : [];
      });
    }
  }
}
