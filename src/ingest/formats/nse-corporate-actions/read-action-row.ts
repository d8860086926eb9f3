import type { CompanyLookup } from '../../shared/company-lookup.ts';
import type { CorporateActionRow } from '../../shared/corporate-action-purpose/corporate-action-events.ts';
import { readOptionalDate } from '../../shared/corporate-action-purpose/optional-date.ts';
import { cellOf, type ColumnIndex } from '../../shared/parse-support/column-index.ts';
import type { CsvRecord } from '../../shared/parse-support/read-csv-table.ts';
import { rowProblem, type RowResult } from '../../shared/parse-support/row-result.ts';
import { cleanName } from '../../shared/reference-data/clean-name.ts';
import type { NseCorporateActionsColumn } from './columns.ts';
import { parseNseActionDate } from './nse-action-date.ts';

/**
 * Reads one row. The export states no ISIN, so the company is the one its symbol resolves
 * to when parsing (null when unknown: ingest a master list first, then re-parse).
 */
export function readActionRow(
  record: CsvRecord,
  index: ColumnIndex<NseCorporateActionsColumn>,
  companies: CompanyLookup,
): RowResult<CorporateActionRow> {
  const cell = (key: NseCorporateActionsColumn) => cellOf(record.cells, index, key);
  const symbol = cell('symbol').toUpperCase();
  const where = `line ${record.line}${symbol ? ` (${symbol})` : ''}`;
  const fail = (message: string) => rowProblem(where, message);
  if (!symbol) return fail('SYMBOL is empty: expected an NSE symbol');
  const purpose = record.cells[index.purpose] ?? '';
  if (purpose.trim() === '') return fail('PURPOSE is empty: expected the action, e.g. "Bonus 1:1"');
  const exDate = readOptionalDate(cell('exDate'), parseNseActionDate);
  if (exDate === undefined) return fail(`EX-DATE "${cell('exDate')}" is not a date: expected e.g. 07-Aug-2026`);
  const recordDate = readOptionalDate(cell('recordDate'), parseNseActionDate);
  if (recordDate === undefined) return fail(`RECORD DATE "${cell('recordDate')}" is not a date: expected e.g. 07-Aug-2026`);
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
      company: { name: cleanName(cell('name')), nseSymbol: symbol, bseCode: null, isin: null },
    },
  };
}
