import { addDays, istToIso } from '#platform/time';

/**
 * Days after a period end within which its results and what comes with them (board meeting
 * outcome, press release, investor presentation, earnings call) are disclosed: SEBI LODR
 * Reg 33 gives 45 days for a quarter and 60 for the year end, so 60 covers both.
 */
export const ANNOUNCEMENT_WINDOW_DAYS = 60;

/** From midnight IST after the period end to midnight IST ending its 60th day after, as UTC instants. */
export function announcementWindow(periodEnd: string): { readonly start: string; readonly end: string } {
  return { start: istToIso(addDays(periodEnd, 1)), end: istToIso(addDays(periodEnd, ANNOUNCEMENT_WINDOW_DAYS + 1)) };
}
