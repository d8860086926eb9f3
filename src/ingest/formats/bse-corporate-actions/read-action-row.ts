import { bseActionRow, type CorporateActionRow, readOptionalDate } from '#ingest/shared/corporate-action-purpose';
import type { CsvRow, RowResult } from '#ingest/shared/parse-support';
import type { ParseInput } from '#ingest/shared/parser';
import type { BseCorporateActionsColumn } from './columns.ts';

/**
 * Reads one row. Its "Security Name" is BSE's scrip id (BIRLAYAM), not a company name, so
 * the reported identity carries the scrip code alone. The purpose is kept exactly as
 * published, double space and all.
 */
export function readActionRow(
  row: CsvRow<BseCorporateActionsColumn>,
  { companies }: Pick<ParseInput, 'companies'>,
): RowResult<CorporateActionRow> {
  const code = row.cell('code');
  const { where, fail } = row.at(code);
  if (!/^\d{6}$/.test(code)) return fail(`Security Code "${code}" is not a BSE scrip code: expected six digits`);
  const purpose = row.published('purpose');
  if (purpose.trim() === '') return fail('Purpose is empty: expected the action, e.g. "Bonus issue 1:1"');
  const exDate = readOptionalDate(row.cell('exDate'));
  if (exDate === undefined) return fail(`Ex Date "${row.cell('exDate')}" is not a date: expected e.g. 24 Apr 2009`);
  const recordDate = readOptionalDate(row.cell('recordDate'));
  if (recordDate === undefined) return fail(`Record Date "${row.cell('recordDate')}" is not a date: expected e.g. 05 May 2009`);
  return bseActionRow(where, { code, purpose, exDate, recordDate, name: null }, companies);
}
