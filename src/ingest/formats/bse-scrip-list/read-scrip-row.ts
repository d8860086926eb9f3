import type { ListingStatus } from '../../../../schemas/events/company.ts';
import { parseDecimalText } from '../../../platform/decimals/parse-decimal-text.ts';
import { shiftDecimal } from '../../../platform/decimals/shift-decimal.ts';
import type { CsvRow } from '../../shared/parse-support/csv-row.ts';
import type { RowResult } from '../../shared/parse-support/row-result.ts';
import { cleanName } from '../../shared/reference-data/clean-name.ts';
import { isAbsentIsin, readIsin } from '../../../domain/identity/isin.ts';
import { sectorName } from '../../shared/reference-data/sector-name.ts';
import type { BseScripListColumn, BseScripListOptionalColumn } from './columns.ts';
import { scripStatus } from './scrip-status.ts';

/** One scrip of a BSE list, as read. */
export interface BseScripRow {
  readonly line: number;
  readonly code: string;
  /** The issuer's name (2024 layout), else the security name. */
  readonly companyName: string | null;
  readonly securityName: string | null;
  readonly status: ListingStatus;
  readonly faceValue: string | null;
  readonly isin: string | null;
  readonly sector: string | null;
  readonly industry: string | null;
  /** The Instrument column: `Equity`, `-` for rights entitlements; null when absent. */
  readonly instrument: string | null;
}

/** Reads one row; a bad scrip code, status, ISIN or face value makes it a problem. */
export function readScripRow(row: CsvRow<BseScripListColumn, BseScripListOptionalColumn>): RowResult<BseScripRow> {
  const { cell, optional } = row;
  const code = cell('code');
  const { fail } = row.at(code);
  if (!/^\d{6}$/.test(code)) return fail(`Security Code "${code}" is not a BSE scrip code: expected six digits`);
  const status = scripStatus(cell('status'));
  if (!status) return fail(`Status "${cell('status')}" is not a BSE status: expected Active, Suspended or Delisted`);
  const isinText = cell('isin');
  const isin = readIsin(isinText);
  if (isin === null && !isAbsentIsin(isinText)) {
    return fail(`ISIN No "${isinText}" is not a valid ISIN: expected 12 characters with a valid check digit`);
  }
  const faceValue = parseDecimalText(cell('faceValue'));
  if (faceValue === undefined) return fail(`Face Value "${cell('faceValue')}" is not a number: expected e.g. 10.00`);
  const securityName = cleanName(cell('securityName'));
  return {
    ok: true,
    row: {
      line: row.line,
      code,
      companyName: cleanName(optional('issuerName')) ?? securityName,
      securityName,
      status,
      faceValue: faceValue === null ? null : shiftDecimal(faceValue, 0),
      isin,
      sector: sectorName(optional('sector')),
      industry: cleanName(optional('basicIndustry')) ?? cleanName(optional('industry')),
      instrument: cleanName(optional('instrument')),
    },
  };
}
