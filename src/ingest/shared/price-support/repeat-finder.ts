import { createHash } from 'node:crypto';
import type { Candle } from '#schemas/events';
import type { Problem } from '#ingest/shared/parser';
import { type PlacedCandle, repeatOf } from './drop-repeated-candles.ts';

/** Room for this many candles first, doubled as needed. */
const FIRST_ROOM = 1_024;

/** 64 bits of the candle's digest: two candles with the same are the same candle (a chance of 2^-64 otherwise). */
const digestOf = (candle: Candle) => createHash('sha256').update(JSON.stringify(candle)).digest().readBigUInt64LE(0);

/**
 * dropRepeatedCandles's rule (one candle per security and start, the first kept) applied to
 * rows given one at a time, holding about 30 bytes a candle instead of the candles: a number
 * for each security and start seen, and the line and digest of each candle kept, so that a
 * repeat can say which line it repeats and whether exactly.
 */
export function createRepeatFinder(): { see(row: PlacedCandle): Problem | null } {
  const securities = new Map<string, number>();
  const starts = new Map<string, number>();
  /** By start, then security: the candle's number among those kept. */
  const kept: Map<number, number>[] = [];
  let lines = new Int32Array(FIRST_ROOM);
  let digests = new BigUint64Array(FIRST_ROOM);
  let count = 0;
  const numberOf = (names: Map<string, number>, name: string) => {
    const known = names.get(name);
    if (known !== undefined) return known;
    names.set(name, names.size);
    return names.size - 1;
  };
  return {
    see(row) {
      const { candle } = row;
      const security = numberOf(securities, `${candle.ticker}|${candle.series ?? ''}`);
      const start = numberOf(starts, candle.start);
      const bySecurity = (kept[start] ??= new Map());
      const digest = digestOf(candle);
      const first = bySecurity.get(security);
      if (first !== undefined) return repeatOf(row, lines[first] as number, digests[first] === digest);
      if (count === lines.length) {
        const [moreLines, moreDigests] = [new Int32Array(count * 2), new BigUint64Array(count * 2)];
        moreLines.set(lines);
        moreDigests.set(digests);
        [lines, digests] = [moreLines, moreDigests];
      }
      bySecurity.set(security, count);
      lines[count] = row.line;
      digests[count] = digest;
      count += 1;
      return null;
    },
  };
}
