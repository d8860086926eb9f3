import { dayMonYearUpper } from '#domain/indian-text';
import type { Company } from './universe.ts';

/** NSE's header, every cell after the first with its leading space. */
const HEADER = 'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE';

/**
 * NSE's equity master, `EQUITY_L.csv` (LF, sorted by symbol): every company in series EQ
 * with its current face value (after any split), which is also the paid-up value.
 */
export function writeEquityMaster(rows: ReadonlyArray<{ company: Company; faceValue: number }>): Uint8Array {
  const sorted = [...rows].sort((a, b) => a.company.symbol.localeCompare(b.company.symbol));
  const lines = sorted.map(
    ({ company: c, faceValue }) => `${c.symbol},${c.name},EQ,${dayMonYearUpper(c.listingDate)},${faceValue},1,${c.isin},${faceValue}`,
  );
  return new TextEncoder().encode([HEADER, ...lines].map((line) => `${line}\n`).join(''));
}
