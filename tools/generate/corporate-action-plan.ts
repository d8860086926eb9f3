import { addDays, weekdayOnOrAfter } from '#platform/time';
import type { Prng } from './prng.ts';

/** A corporate action the company announces, as BSE's export will list it. */
export type PlannedAction =
  | {
      readonly kind: 'dividend';
      readonly label: 'Final' | 'Interim';
      readonly exDate: string;
      readonly recordDate: string;
      readonly paise: number;
    }
  | {
      readonly kind: 'bonus';
      readonly exDate: string;
      readonly recordDate: string;
      readonly ratio: { readonly new: number; readonly existing: number };
    }
  | { readonly kind: 'split'; readonly exDate: string; readonly recordDate: string; readonly from: number; readonly to: number };

/** India moved to T+1 settlement on 27 Jan 2023: the record date became the ex-date; before, it was the next trading day. */
const T_PLUS_ONE_FROM = '2023-01-27';

function datesFrom(day: string): { exDate: string; recordDate: string } {
  const exDate = weekdayOnOrAfter(day);
  return { exDate, recordDate: exDate >= T_PLUS_ONE_FROM ? exDate : weekdayOnOrAfter(addDays(exDate, 1)) };
}

/** Whole 25 paise below an amount: dividends are declared in round figures. */
const roundDividend = (paise: number) => Math.floor(paise / 25) * 25;

/**
 * A dividend of `payout` of the earnings per share (in paise), less what was paid already;
 * none below 50 paise. Its ex-date falls `daysAfter` the period it rewards.
 */
export function planDividend(
  label: 'Final' | 'Interim',
  periodEnd: string,
  daysAfter: number,
  epsPaise: number,
  payout: number,
  alreadyPaise: number,
): PlannedAction | null {
  const paise = roundDividend(epsPaise * payout - alreadyPaise);
  if (paise < 50) return null;
  return { kind: 'dividend', label, ...datesFrom(addDays(periodEnd, daysAfter)), paise };
}

const SPLITS: ReadonlyArray<readonly [number, number]> = [
  [10, 2],
  [10, 1],
  [10, 5],
  [5, 1],
  [2, 1],
];

/**
 * Now and then (a few per cent of company-years) a bonus issue or a stock split. A bonus
 * keeps the paid-up capital a whole number of rounding units (`step` shares), so only
 * ratios that do are chosen.
 */
export function planCapitalChange(rng: Prng, after: string, faceValue: number, shares: number, step: number): PlannedAction | null {
  if (!rng.chance(0.04)) return null;
  const dates = datesFrom(addDays(after, rng.int(120, 250)));
  const splits = SPLITS.filter(([from]) => from === faceValue);
  if (splits.length > 0 && rng.chance(0.5)) {
    const [from, to] = rng.pick(splits);
    return { kind: 'split', ...dates, from, to };
  }
  const ratios = [
    { new: 1, existing: 1 },
    { new: 2, existing: 1 },
    { new: 1, existing: 2 },
  ].filter((r) => (shares * r.new) % (r.existing * step) === 0);
  return { kind: 'bonus', ...dates, ratio: rng.pick(ratios) };
}
