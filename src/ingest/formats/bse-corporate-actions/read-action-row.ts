import type { CompanyLookup } from '../../shared/company-lookup.ts';
import type { CorporateActionRow } from '../../shared/corporate-action-purpose/corporate-action-events.ts';
import { readOptionalDate } from '../../shared/corporate-action-purpose/optional-date.ts';
import { cellOf, type ColumnIndex } from '../../shared/parse-support/column-index.ts';
import type { CsvRecord } from '../../shared/parse-support/read-csv-table.ts';
import { rowProblem, type RowResult } from '../../shared/parse-support/row-result.ts';
import type { BseCorporateActionsColumn } from './columns.ts';

/**
 * Reads one row. Its "Security Name" is BSE's scrip id (BIRLAYAM), not a company name, so
 * the reported identity carries the scrip code alone. The purpose is kept exactly as
 * published, double space and all.
 */
export function readActionRow(
  record: CsvRecord,
  index: ColumnIndex<BseCorporateActionsColumn>,
  companies: CompanyLookup,
): RowResult<CorporateActionRow> {
  const cell = (key: BseCorporateActionsColumn) => cellOf(record.cells, index, key);
  const code = cell('code');
  const where = `line ${record.line}${code ? ` (${code})` : ''}`;
  const fail = (message: string) => rowProblem(where, message);
  if (!/^\d{6}$/.test(code)) return fail(`Security Code "${code}" is not a BSE scrip code: expected six digits`);
  const purpose = record.cells[index.purpose] ?? '';
  if (purpose.trim() === '') return fail('Purpose is empty: expected the action, e.g. "Bonus issue 1:1"');
  const exDate = readOptionalDate(cell('exDate'));
  if (exDate === undefined) return fail(`Ex Date "${cell('exDate')}" is not a date: expected e.g. 24 Apr 2009`);
  const recordDate = readOptionalDate(cell('recordDate'));
  if (recordDate === undefined) return fail(`Record Date "${cell('recordDate')}" is not a date: expected e.g. 05 May 2009`);
  return {
    ok: true,
    row: {
      where,
      exchange: 'BSE',
      ticker: code,
      purpose,
      exDate,
      recordDate,
      companyId: companies.resolve({ bseCode: code }),
      company: { name: null, nseSymbol: null, bseCode: code, isin: null },
    },
  };
}
