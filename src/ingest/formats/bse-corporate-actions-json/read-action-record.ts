import { bseActionRow, type CorporateActionRow, readOptionalDate } from '#ingest/shared/corporate-action-purpose';
import { rowProblem, type RowResult } from '#ingest/shared/parse-support';
import type { ParseInput } from '#ingest/shared/parser';
import { cleanName } from '#ingest/shared/reference-data';
import { BseActionRecordSchema } from './action-record.ts';

/** BSE appends "-$" to some company names in this feed ("Bharat Bijlee Ltd-$"); it is not part of the name. */
const companyName = (text: string | null | undefined) => cleanName(text?.replace(/\s*-\s*\$\s*$/, ''));

/**
 * Reads one record (number `position`, from 1). The ex-date is `Ex_date` ("06 Jul 2026"),
 * else BSE's compact `exdate` ("20260706"); the record date is `RD_Date` only (book closure
 * dates are not record dates).
 */
export function readActionRecord(
  value: unknown,
  position: number,
  { companies }: Pick<ParseInput, 'companies'>,
): RowResult<CorporateActionRow> {
  const parsed = BseActionRecordSchema.safeParse(value);
  if (!parsed.success) {
    return rowProblem(`record ${position}`, 'expected an object with scrip_code, Purpose and Ex_date');
  }
  const record = parsed.data;
  const code = String(record.scrip_code).trim();
  const where = `record ${position} (${code})`;
  const fail = (message: string) => rowProblem(where, message);
  if (!/^\d{6}$/.test(code)) return fail(`scrip_code "${code}" is not a BSE scrip code: expected six digits`);
  const purpose = record.Purpose ?? '';
  if (purpose.trim() === '') return fail('Purpose is empty: expected the action, e.g. "Final Dividend - Rs. - 2.0000"');
  const exDate = readOptionalDate(record.Ex_date ?? record.exdate);
  const exDateText = record.Ex_date ?? record.exdate;
  if (exDate === undefined) return fail(`Ex_date "${exDateText}" is not a date: expected e.g. 06 Jul 2026`);
  const recordDate = readOptionalDate(record.RD_Date);
  if (recordDate === undefined) return fail(`RD_Date "${record.RD_Date}" is not a date: expected e.g. 06 Jul 2026`);
  return bseActionRow(where, { code, purpose, exDate, recordDate, name: companyName(record.long_name) }, companies);
}
