import { parseExchangeDate } from '#domain/indian-text';
import { type RowResult, rowProblem } from '#ingest/shared/parse-support';

/** One line of symbolchange.csv: a company's symbol changed from one to another on a day. */
export interface SymbolChange {
  readonly where: string;
  readonly companyName: string | null;
  readonly oldSymbol: string;
  readonly newSymbol: string;
  /** The first day of the new symbol (`YYYY-MM-DD`). */
  readonly effectiveDate: string;
}

/** A line of the file: name, old symbol, new symbol, `DD-MON-YYYY`; no quoting seen. */
export const SYMBOL_CHANGE_LINE = /^([^,\n]*),([A-Za-z0-9&\-_.]{1,64}),([A-Za-z0-9&\-_.]{1,64}),(\d{1,2}-[A-Za-z]{3}-\d{4})\s*$/;

/**
 * Reads line `n` (from 1). The company name is only a label (some start with a space, one is
 * empty); the symbols are upper-cased as NSE's lists write them.
 */
export function readSymbolChangeLine(line: string, n: number): RowResult<SymbolChange> {
  const where = `line ${n}`;
  const m = SYMBOL_CHANGE_LINE.exec(line);
  if (!m) return rowProblem(where, `expected "company name,OLD SYMBOL,NEW SYMBOL,DD-MON-YYYY", found "${line.slice(0, 120)}"`);
  const [, name = '', oldSymbol = '', newSymbol = '', day = ''] = m;
  const effectiveDate = parseExchangeDate(day);
  if (!effectiveDate) return rowProblem(where, `"${day}" is not a date: expected e.g. 09-APR-2025`);
  if (oldSymbol.toUpperCase() === newSymbol.toUpperCase()) return rowProblem(where, `the old and new symbols are the same (${oldSymbol})`);
  const companyName = name.trim() || null;
  return { ok: true, row: { where, companyName, oldSymbol: oldSymbol.toUpperCase(), newSymbol: newSymbol.toUpperCase(), effectiveDate } };
}
