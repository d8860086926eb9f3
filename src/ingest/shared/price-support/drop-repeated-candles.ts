import type { Candle } from '#schemas/events';
import type { Problem } from '#ingest/shared/parser';

export interface PlacedCandle {
  readonly line: number;
  readonly where: string;
  readonly candle: Candle;
}

/** A later row for the same security and start as an earlier one, which is kept. */
export interface Repeat<T extends PlacedCandle> {
  readonly row: T;
  readonly first: T;
  /** Whether the candles are identical (a verbatim repeat) rather than conflicting. */
  readonly exact: boolean;
}

const keyOf = (candle: Candle) => `${candle.ticker}|${candle.series ?? ''}|${candle.start}`;

/**
 * One candle per security and start. Re-serialised sources repeat rows (the NIFTY 50 history
 * repeats three days of 2011, the 5-minute files whole sessions); the first row is kept.
 */
export function dropRepeatedCandles<T extends PlacedCandle>(rows: readonly T[]): { kept: T[]; repeats: Repeat<T>[] } {
  const seen = new Map<string, T>();
  const kept: T[] = [];
  const repeats: Repeat<T>[] = [];
  for (const row of rows) {
    const first = seen.get(keyOf(row.candle));
    if (first) repeats.push({ row, first, exact: JSON.stringify(first.candle) === JSON.stringify(row.candle) });
    else {
      seen.set(keyOf(row.candle), row);
      kept.push(row);
    }
  }
  return { kept, repeats };
}

/** Each dropped row as a problem: an exact repeat, or a conflicting candle. */
export function repeatProblem<T extends PlacedCandle>({ row, first, exact }: Repeat<T>): Problem {
  return repeatOf(row, first.line, exact);
}

/** The problem of `row`, a repeat of the candle read on line `firstLine`, exactly or not. */
export function repeatOf(row: PlacedCandle, firstLine: number, exact: boolean): Problem {
  const { ticker, series, start } = row.candle;
  const message = exact
    ? `repeats the candle of line ${firstLine} exactly; dropped`
    : `a second candle for ${[ticker, series].filter(Boolean).join(' ')} starting ${start}, differing from line ${firstLine}, which is kept; dropped`;
  return { where: row.where, message };
}
