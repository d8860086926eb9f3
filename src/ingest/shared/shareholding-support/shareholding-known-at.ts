import { addDays, istToIso } from '#platform/time';
import type { ParseInput } from '#ingest/shared/parser';

/**
 * Which LODR Reg 31 deadline applies: a quarter-end pattern (31(1)(b)) is due within 21 days
 * of the quarter's end; any other date is an event-driven pattern (31(1)(c): within 10 days
 * of a capital change of more than 2 %; 31(1)(a): before listing), due sooner.
 */
export type DisclosureRule = 'quarterly' | 'event';

const DEADLINE_DAYS: Readonly<Record<DisclosureRule, number>> = { quarterly: 21, event: 10 };

/** Whether a date is the last day of March, June, September or December. */
export function isQuarterEnd(date: string): boolean {
  const month = Number(date.slice(5, 7));
  return month % 3 === 0 && addDays(date, 1).slice(8, 10) === '01';
}

/** The rule a pattern dated `periodEnd` falls under when the source does not say. */
export const ruleOf = (periodEnd: string): DisclosureRule => (isQuarterEnd(periodEnd) ? 'quarterly' : 'event');

/** The end (midnight IST) of the day `days` after `date`. */
const endOfDayAfter = (date: string, days: number) => istToIso(addDays(date, days + 1));

/** The last moment a pattern for `periodEnd` may be disseminated under its rule. */
export function disclosureDeadline(periodEnd: string, rule: DisclosureRule = ruleOf(periodEnd)): string {
  return endOfDayAfter(periodEnd, DEADLINE_DAYS[rule]);
}

/**
 * When a shareholding pattern for `periodEnd` was knowable. None of the shareholding sources
 * states its dissemination time, so:
 *
 * 1. the connector's knownAt (e.g. the exchange listing's broadcast time), when it is given
 *    and not before the period ended;
 * 2. else the regulatory deadline, an upper bound: the exchange had the pattern by then (a
 *    compliant filer files earlier; a late filer would make this too early, which SEBI fines);
 *    or the time the file was received, if that is earlier and after the period ended.
 *
 * Never before the end of the period (midnight IST after `periodEnd`).
 */
export function shareholdingKnownAt(
  periodEnd: string,
  input: Pick<ParseInput, 'knownAt' | 'receivedAt'>,
  rule: DisclosureRule = ruleOf(periodEnd),
): string {
  const periodOver = Date.parse(endOfDayAfter(periodEnd, 0));
  const stated = input.knownAt === null ? Number.NaN : Date.parse(input.knownAt);
  if (input.knownAt !== null && stated >= periodOver) return input.knownAt;
  const deadline = disclosureDeadline(periodEnd, rule);
  const received = Date.parse(input.receivedAt);
  return received >= periodOver && received < Date.parse(deadline) ? input.receivedAt : deadline;
}
