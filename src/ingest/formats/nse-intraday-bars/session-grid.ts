import { istDayStartMs } from '#platform/time';

const SESSION_OPEN_MS = (9 * 60 + 15) * 60_000;

/** The 09:15 IST open of the session an instant falls in (its Indian calendar date). */
export function sessionOpenMs(startMs: number): number {
  return istDayStartMs(startMs) + SESSION_OPEN_MS;
}

/**
 * The start of the bucket of `minutes` an instant falls in, buckets counted from the 09:15
 * IST session open (09:15, 10:15, ... for an hour), as NSE and chart vendors align them.
 * Special sessions (Muhurat at 18:15) stay on the same grid.
 */
export function bucketStartMs(startMs: number, minutes: number): number {
  const open = sessionOpenMs(startMs);
  const size = minutes * 60_000;
  return open + Math.floor((startMs - open) / size) * size;
}
