import { istDayStartMs } from '#platform/time';
import type { Bar } from './read-bar.ts';

/**
 * The bar length of a file in minutes: the most common gap between consecutive bars of one
 * session (gaps across sessions, halts and late openings are rarer than the bar length
 * itself). Ties go to the shorter gap. Null when no session has two bars.
 */
export function barMinutes(sortedBars: readonly Bar[]): number | null {
  const counts = new Map<number, number>();
  for (let i = 1; i < sortedBars.length; i++) {
    const [previous, bar] = [sortedBars[i - 1], sortedBars[i]];
    if (!previous || !bar || istDayStartMs(previous.startMs) !== istDayStartMs(bar.startMs)) continue;
    const gap = (bar.startMs - previous.startMs) / 60_000;
    if (gap > 0) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  let best: [number, number] | null = null;
  for (const [gap, count] of counts) {
    if (!best || count > best[1] || (count === best[1] && gap < best[0])) best = [gap, count];
  }
  return best?.[0] ?? null;
}
