import type { Basis } from '#schemas/common';
import { addDays, istInstant } from '#platform/time';
import { prngFor, type Prng } from './prng.ts';
import { RESTATEMENT_KINDS, type RestatementKind } from './restatement.ts';
import type { CompanyHistory } from './simulate-company.ts';
import type { Company } from './universe.ts';

/** When one results document reaches NSE, and what it is. */
export interface ScheduledFiling {
  /** Index of its quarter in the company's history. */
  readonly quarterIndex: number;
  readonly basis: Basis;
  /** `exchdisstime`: when NSE disseminated it (epoch ms). */
  readonly disseminatedMs: number;
  /** `broadCastDate`: seconds to minutes before dissemination. */
  readonly broadcastMs: number;
  /** The time stamped into the XBRL file name: when the company uploaded it, just before the broadcast. */
  readonly uploadedMs: number;
  readonly late: boolean;
  /** `original` of a later revision, the `revision` itself, or a filing never revised. */
  readonly role: 'single' | 'original' | 'revision';
  readonly restatement: RestatementKind | null;
}

/**
 * A time of day results are disseminated at, IST: during market hours (09:30 to 15:20) or,
 * as often, after the close in the evening (16:00 to 21:45), when boards meet.
 */
function secondOfDay(rng: Prng): number {
  return rng.chance(0.55) ? rng.int(9.5 * 3600, 15 * 3600 + 20 * 60) : rng.int(16 * 3600, 21.75 * 3600);
}

function timesAt(rng: Prng, ms: number): Pick<ScheduledFiling, 'disseminatedMs' | 'broadcastMs' | 'uploadedMs'> {
  const broadcastMs = ms - rng.int(5, 240) * 1000;
  return { disseminatedMs: ms, broadcastMs, uploadedMs: broadcastMs - rng.int(1, 20) * 1000 };
}

/**
 * Every results document of a company. A quarter's results reach NSE 30 to 60 days after it
 * ends (35 to 60 for the audited fourth quarter), a share of them late, months after; the
 * standalone and consolidated filings of one board meeting follow each other within
 * minutes. A share of filings is revised 1 to 30 days later with changed figures.
 */
export function scheduleFilings(
  company: Company,
  history: CompanyHistory,
  firstFiledIndex: number,
  rates: { revisionRate: number; lateRate: number },
  seed: number,
): ScheduledFiling[] {
  const filings: ScheduledFiling[] = [];
  for (let index = firstFiledIndex; index < history.quarters.length; index++) {
    const fq = history.quarters[index]?.fq;
    if (!fq) continue;
    const rng = prngFor(seed, 'company', company.index, 'schedule', index);
    const late = rng.chance(rates.lateRate);
    const days = late ? rng.int(95, 240) : rng.int(fq.quarter === 4 ? 35 : 30, 60);
    let at = istInstant(addDays(fq.end, days), secondOfDay(rng));
    for (const basis of company.bases) {
      const revised = rng.chance(rates.revisionRate);
      const restatement = revised ? rng.pick(RESTATEMENT_KINDS) : null;
      filings.push({ quarterIndex: index, basis, ...timesAt(rng, at), late, role: revised ? 'original' : 'single', restatement });
      if (revised) {
        const day = addDays(new Date(at + 5.5 * 3600_000).toISOString().slice(0, 10), rng.int(1, 30));
        filings.push({
          quarterIndex: index,
          basis,
          ...timesAt(rng, istInstant(day, secondOfDay(rng))),
          late: false,
          role: 'revision',
          restatement,
        });
      }
      at += rng.int(60, 900) * 1000;
    }
  }
  return filings.sort((a, b) => a.disseminatedMs - b.disseminatedMs);
}
