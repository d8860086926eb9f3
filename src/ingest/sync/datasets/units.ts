import { addDays, isWeekday } from '#platform/time';
import type { SyncUnit } from './dataset.ts';

/** [from, to] clipped to a dataset's publication span; undefined when nothing is left. */
export function clip(from: string, to: string, since?: string, until?: string): { from: string; to: string } | undefined {
  const start = since && since > from ? since : from;
  const end = until && until < to ? until : to;
  return start <= end ? { from: start, to: end } : undefined;
}

/** Each weekday of [from, to] (exchange holidays are found by asking: the exchange publishes nothing for them). */
export function sessionUnits(from: string, to: string): SyncUnit[] {
  const units: SyncUnit[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (isWeekday(day)) units.push({ key: day, from: day, to: day, final: true });
  return units;
}

/** Each calendar day of [from, to]. */
export function dayUnits(from: string, to: string): SyncUnit[] {
  const units: SyncUnit[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) units.push({ key: day, from: day, to: day });
  return units;
}

/**
 * [from, to] in windows of whole calendar months, `months` at a time (the last one cut at
 * `to`): the exchanges cap how wide a window may be and silently drop what lies beyond, so
 * a window never spans more than its dataset's cap.
 */
export function windowUnits(from: string, to: string, months: number): SyncUnit[] {
  const units: SyncUnit[] = [];
  let start = from;
  while (start <= to) {
    const [year, month] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
    const endMonth = month - 1 + months - ((month - 1) % months);
    const monthEnd = new Date(Date.UTC(year, endMonth, 0)).toISOString().slice(0, 10);
    const end = monthEnd < to ? monthEnd : to;
    units.push({ key: `${start}..${end}`, from: start, to: end });
    start = addDays(end, 1);
  }
  return units;
}

/** The one unit of a snapshot dataset for the IST day `today`. */
export const snapshotUnit = (today: string): SyncUnit => ({ key: `snapshot:${today}`, from: today, to: today });
