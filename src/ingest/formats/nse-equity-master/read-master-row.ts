import { parseExchangeDate } from '#domain/indian-text';
import { parseDecimalText, shiftDecimal } from '#platform/decimals';
import type { CsvRow, RowResult } from '#ingest/shared/parse-support';
import { cleanName } from '#ingest/shared/reference-data';
import { isAbsentIsin, readIsin } from '#domain/identity';
import type { NseEquityMasterColumn } from './columns.ts';

/** One security of NSE's equity master, as read. */
export interface NseMasterRow {
  readonly line: number;
  readonly symbol: string;
  readonly name: string | null;
  readonly series: string | null;
  readonly listingDate: string | null;
  readonly isin: string | null;
  readonly faceValue: string | null;
}

/** Reads one row; a row with an unreadable ISIN, date or face value is a problem, not a guess. */
export function readMasterRow(row: CsvRow<NseEquityMasterColumn>): RowResult<NseMasterRow> {
  const { cell } = row;
  const symbol = cell('symbol').toUpperCase();
  const { fail } = row.at(symbol);
  if (!symbol) return fail('SYMBOL is empty: expected an NSE symbol');
  const isinText = cell('isin');
  const isin = readIsin(isinText);
  if (isin === null && !isAbsentIsin(isinText)) {
    return fail(`ISIN NUMBER "${isinText}" is not a valid ISIN: expected 12 characters such as INE002A01018`);
  }
  const dateText = cell('listingDate');
  const listingDate = parseExchangeDate(dateText);
  if (listingDate === null && dateText !== '' && dateText !== '-') {
    return fail(`DATE OF LISTING "${dateText}" is not a date: expected e.g. 06-OCT-2008`);
  }
  const faceValueText = cell('faceValue');
  const faceValue = parseDecimalText(faceValueText);
  if (faceValue === undefined) return fail(`FACE VALUE "${faceValueText}" is not a number: expected e.g. 10`);
  return {
    ok: true,
    row: {
      line: row.line,
      symbol,
      name: cleanName(cell('name')),
      series: cell('series').toUpperCase() || null,
      listingDate,
      isin,
      faceValue: faceValue === null ? null : shiftDecimal(faceValue, 0),
    },
  };
}
