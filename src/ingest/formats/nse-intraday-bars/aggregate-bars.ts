import type { Candle } from '#schemas/events';
import { compareDecimals } from '#platform/decimals';
import type { Bar } from './read-bar.ts';
import { bucketStartMs } from './session-grid.ts';

/** A candle with the moment all of its bars had ended. */
export interface TimedCandle {
  readonly candle: Candle;
  readonly knownAtMs: number;
}

const max = (a: string, b: string) => (compareDecimals(a, b) >= 0 ? a : b);
const min = (a: string, b: string) => (compareDecimals(a, b) <= 0 ? a : b);

function combine(bars: readonly [Bar, ...Bar[]], startMs: number, barMs: number): TimedCandle {
  const first = bars[0];
  const last = bars[bars.length - 1] ?? first;
  const volumes = bars.map((bar) => bar.candle.volume);
  const candle: Candle = {
    ...first.candle,
    start: new Date(startMs).toISOString(),
    high: bars.map((bar) => bar.candle.high).reduce(max),
    low: bars.map((bar) => bar.candle.low).reduce(min),
    close: last.candle.close,
    // A bucket's volume is known only when every bar's is; sums are exact integers.
    volume: volumes.every((v) => v !== null) ? volumes.reduce((sum, v) => sum + BigInt(v), 0n).toString() : null,
  };
  return { candle, knownAtMs: last.startMs + barMs };
}

/**
 * Candles of `minutes` from bars of `barMinutes`, sorted by start: open of the first bar,
 * highest high, lowest low, close of the last bar, volumes summed. A bucket with bars
 * missing (a late opening, a halt, the end of a short session) is built from the bars present.
 */
export function aggregateBars(sortedBars: readonly Bar[], minutes: number, barMinutes: number): TimedCandle[] {
  const out: TimedCandle[] = [];
  let bucket: Bar[] = [];
  let bucketStart = Number.NaN;
  const flush = () => {
    const [first, ...rest] = bucket;
    if (first) out.push(combine([first, ...rest], bucketStart, barMinutes * 60_000));
  };
  for (const bar of sortedBars) {
    const start = bucketStartMs(bar.startMs, minutes);
    if (start !== bucketStart) {
      flush();
      bucket = [];
      bucketStart = start;
    }
    bucket.push(bar);
  }
  flush();
  return out;
}
