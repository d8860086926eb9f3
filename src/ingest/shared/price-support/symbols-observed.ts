import type { ObservedSymbol } from '#schemas/events';
import type { DatedCandle } from './daily-candle.ts';

export interface SymbolsObserved {
  readonly symbols: ObservedSymbol[];
  readonly isin: string | null;
}

/**
 * The symbols one security's history shows, each with its first and last day, in order; the
 * ISIN when every row that states one states the same. A history under one symbol says
 * nothing new about identity: null. Rows are given one at a time; only each symbol's days and
 * the ISINs seen are held.
 */
export function createSymbolsObserver(): { add(row: Pick<DatedCandle, 'date' | 'candle'>): void; result(): SymbolsObserved | null } {
  const bySymbol = new Map<string, ObservedSymbol>();
  const isins = new Set<string>();
  return {
    add({ date, candle }) {
      const seen = bySymbol.get(candle.ticker);
      bySymbol.set(candle.ticker, {
        symbol: candle.ticker,
        firstDay: seen && seen.firstDay < date ? seen.firstDay : date,
        lastDay: seen && seen.lastDay > date ? seen.lastDay : date,
      });
      if (candle.isin) isins.add(candle.isin);
    },
    result() {
      if (bySymbol.size < 2) return null;
      const symbols = [...bySymbol.values()].sort((a, b) =>
        a.firstDay < b.firstDay ? -1 : a.firstDay > b.firstDay ? 1 : a.symbol < b.symbol ? -1 : 1,
      );
      return { symbols, isin: isins.size === 1 ? ([...isins][0] as string) : null };
    },
  };
}
