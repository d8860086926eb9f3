const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The Indian calendar date (YYYY-MM-DD) of an instant. */
export function istDateOf(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The instant an Indian calendar day begins, for the day an instant falls in. IST has no
 * daylight saving, so this is plain arithmetic (bucketing a year of bars calls it often).
 */
export function istDayStartMs(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
}
