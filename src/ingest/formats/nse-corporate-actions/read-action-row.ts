import { type CorporateActionRow, readOptionalDate, parseNseActionDate } from '#ingest/shared/corporate-action-purpose';
import type { CsvRow, RowResult } from '#ingest/shared/parse-support';
import type { ParseInput } from '#ingest/shared/parser';
import { cleanName } from '#ingest/shared/reference-data';
import type { NseCorporateActionsColumn } from './columns.ts';

/**
 * Reads one row. The export states no ISIN, so the company is the one its symbol resolves
 * to when parsing (null when unknown: ingest a master list first, then re-parse).
 */
export function readActionRow(
  row: CsvRow<NseCorporateActionsColumn>,
  { companies }: Pick<ParseInput, 'companies'>,
): RowResult<CorporateActionRow> {
  const symbol = row.cell('symbol').toUpperCase();
  const { where, fail } = row.at(symbol);
  if (!symbol) return fail('SYMBOL is empty: expected an NSE symbol');
  const purpose = row.published('purpose');
  if (purpose.trim() === '') return fail('PURPOSE is empty: expected the action, e.g. "Bonus 1:1"');
  const exDate = readOptionalDate(row.cell('exDate'), parseNseActionDate);
  if (exDate === undefined) return fail(`EX-DATE "${row.cell('exDate')}" is not a date: expected e.g. 07-Aug-2026`);
  const recordDate = readOptionalDate(row.cell('recordDate'), parseNseActionDate);
  if (recordDate === undefined) return fail(`RECORD DATE "${row.cell('recordDate')}" is not a date: expected e.g. 07-Aug-2026`);
  return {
    ok: true,
    row: {
      where,
      exchange: 'NSE',
      ticker: symbol,
      purpose,
      exDate,
      recordDate,
      companyId: companies.resolve({ nseSymbol: symbol }),
      company: { name: cleanName(row.cell('name')), nseSymbol: symbol, bseCode: null, isin: null },
    },
  };
}
