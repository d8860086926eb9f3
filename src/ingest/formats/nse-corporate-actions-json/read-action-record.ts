import { readIsin } from '#domain/identity';
import { type CorporateActionRow, readOptionalDate, parseNseActionDate } from '#ingest/shared/corporate-action-purpose';
import { rowProblem, type RowResult } from '#ingest/shared/parse-support';
import type { ParseInput } from '#ingest/shared/parser';
import { cleanName } from '#ingest/shared/reference-data';
import { NseActionRecordSchema } from './action-record.ts';

/**
 * Reads one record (number `position`, from 1) into the row the CSV export's row of the same
 * action gives (nse-corporate-actions/read-action-row.ts): symbol, `subject` as the purpose,
 * `exDate`, `recDate`, `comp` as the name. Unlike the export, the API states the ISIN: it
 * is carried, and it decides the company.
 */
export function readActionRecord(
  value: unknown,
  position: number,
  { companies }: Pick<ParseInput, 'companies'>,
): RowResult<CorporateActionRow> {
  const parsed = NseActionRecordSchema.safeParse(value);
  if (!parsed.success) return rowProblem(`record ${position}`, 'expected an object with symbol, subject and exDate');
  const record = parsed.data;
  const symbol = record.symbol.trim().toUpperCase();
  const where = `record ${position} (${symbol})`;
  const fail = (message: string) => rowProblem(where, message);
  if (!symbol) return fail('symbol is empty: expected an NSE symbol');
  const purpose = record.subject ?? '';
  if (purpose.trim() === '') return fail('subject is empty: expected the action, e.g. "Dividend - Rs 140 Per Share"');
  const exDate = readOptionalDate(record.exDate, parseNseActionDate);
  if (exDate === undefined) return fail(`exDate "${record.exDate}" is not a date: expected e.g. 07-Aug-2026`);
  const recordDate = readOptionalDate(record.recDate, parseNseActionDate);
  if (recordDate === undefined) return fail(`recDate "${record.recDate}" is not a date: expected e.g. 07-Aug-2026`);
  const isin = readIsin(record.isin?.trim() ?? '');
  return {
    ok: true,
    row: {
      where,
      exchange: 'NSE',
      ticker: symbol,
      purpose,
      exDate,
      recordDate,
      companyId: companies.resolve({ isin, nseSymbol: symbol }),
      company: { name: cleanName(record.comp ?? ''), nseSymbol: symbol, bseCode: null, isin },
    },
  };
}
