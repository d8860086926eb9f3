import type { CsvRow, RowResult } from '#ingest/shared/parse-support';
import { cleanName, sectorName } from '#ingest/shared/reference-data';
import { readIsin } from '#domain/identity';
import type { NiftyIndexListColumn } from './columns.ts';

/** One index constituent, as read. */
export interface ConstituentRow {
  readonly line: number;
  readonly symbol: string;
  readonly name: string | null;
  readonly isin: string;
  /** The Industry column, which holds NSE's sector classification (see README). */
  readonly sector: string | null;
}

/**
 * Reads one constituent. The ISIN is required: it is how the company is named, and the lists
 * carry placeholders (`Dummy Siemens Ltd.`, ISIN `DUM003A01024`) for entities being demerged,
 * which name no company and become problems.
 */
export function readConstituentRow(row: CsvRow<NiftyIndexListColumn>): RowResult<ConstituentRow> {
  const { cell } = row;
  const symbol = cell('symbol').toUpperCase();
  const { fail } = row.at(symbol);
  if (!symbol) return fail('Symbol is empty: expected an NSE symbol');
  const isin = readIsin(cell('isin'));
  if (!isin) return fail(`ISIN Code "${cell('isin')}" is not a valid ISIN: expected 12 characters such as INE002A01018`);
  const sector = sectorName(cell('industry'));
  return { ok: true, row: { line: row.line, symbol, name: cleanName(cell('name')), isin, sector } };
}
