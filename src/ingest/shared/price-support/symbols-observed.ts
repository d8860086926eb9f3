import type { ObservedSymbol } from '#schemas/events';
import type { DatedCandle } from './daily-candle.ts';

/**
 * The symbols one security's history shows, each with its first and last day, in order; the
 * ISIN when every row that states one states the same. A history under one symbol says
 * nothing new about identity: null.
 */
export function observedSymbols(rows: readonly DatedCandle[]): { symbols: ObservedSymbol[]; isin: string | null } | null {
  const bySymbol = new Map<string, ObservedSymbol>();
  for (const { date, candle } of rows) {
    const seen = bySymbol.get(candle.ticker);
    bySymbol.set(candle.ticker, {
      symbol: candle.ticker,
      firstDay: seen && seen.firstDay < date ? seen.firstDay : date,
      lastDay: seen && seen.lastDay > date ? seen.lastDay : date,
    });
  }
  if (bySymbol.size < 2) return null;
  const isins = new Set(rows.flatMap(({ candle }) => (candle.isin ? [candle.isin] : [])));
  const symbols = [...bySymbol.values()].sort((a, b) =>
    a.firstDay < b.firstDay ? -1 : a.firstDay > b.firstDay ? 1 : a.symbol < b.symbol ? -1 : 1,
  );
  return { symbols, isin: isins.size === 1 ? ([...isins][0] as string) : null };
}
