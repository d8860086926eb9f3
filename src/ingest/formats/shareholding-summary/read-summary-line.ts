import { parseExchangeDate } from '#domain/indian-text';
import { parseDecimalText } from '#platform/decimals';
import { rowProblem, type RowResult } from '#ingest/shared/parse-support';

/** The columns, in file order (the extension's popup.js reads them so; the file has no header). */
export const SUMMARY_COLUMNS = ['period', 'promoters', 'fiis', 'diis', 'government', 'public'] as const;

const EXAMPLE = '20240601T,50.33,21.75,17.30,0,10.43';

/**
 * A complete, well-formed line: the period key `YYYYMMDDT` and five percentages. Detection
 * requires the first line to be one, which no other file of the corpus has (price files
 * start with a header, intraday bars with `date,open,...`).
 */
export const WELL_FORMED_LINE = /^\d{8}T(?:,\d{1,3}(?:\.\d+)?){5}$/;

/** A line that is at least meant as one of this format's rows: a period key first. */
export const PERIOD_KEY_LINE = /^\d{8}T,/;

type Percentage = 'promoters' | 'fiis' | 'diis' | 'government' | 'public';

/** One row: the pattern at the end of a month, percentages as written. */
export type SummaryRow = { readonly line: number; readonly periodEnd: string } & Readonly<Record<Percentage, string | null>>;

/** The last day of the month of a date. */
function endOfMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** A period key `20240601T` (first day of the month) to the month's last day. */
function readPeriod(key: string): string | undefined {
  const date = /^\d{8}T$/.test(key) ? parseExchangeDate(key.slice(0, 8)) : null;
  return date && date.endsWith('-01') ? endOfMonth(date) : undefined;
}

/** A percentage cell as written ("13.20" stays "13.20"); empty or `-` is null. */
function readPercentage(cell: string): string | null | undefined {
  const value = parseDecimalText(cell);
  if (value === null || value === undefined) return value;
  return value.startsWith('-') || Number(value) > 100 ? undefined : value;
}

/** Reads one line; a line that cannot be read whole is a problem naming what was expected. */
export function readSummaryLine(text: string, line: number): RowResult<SummaryRow> {
  const cells = text.split(',');
  const where = `line ${line}`;
  if (cells.length !== SUMMARY_COLUMNS.length) {
    return rowProblem(
      where,
      `found ${cells.length} cells: expected ${SUMMARY_COLUMNS.length} (${SUMMARY_COLUMNS.join(',')}), e.g. ${EXAMPLE}`,
    );
  }
  const [key = ''] = cells;
  const periodEnd = readPeriod(key.trim());
  if (!periodEnd)
    return rowProblem(where, `period "${key}" is not a period key: expected the first day of a month as YYYYMMDDT, e.g. 20240601T`);
  const values: Partial<Record<Percentage, string | null>> = {};
  for (const [i, column] of SUMMARY_COLUMNS.entries()) {
    if (column === 'period') continue;
    const cell = cells[i] ?? '';
    const value = readPercentage(cell);
    if (value === undefined)
      return rowProblem(where, `${column} "${cell}" is not a percentage: expected a number from 0 to 100, e.g. 50.61`);
    values[column] = value;
  }
  const { promoters = null, fiis = null, diis = null, government = null, public: publicPct = null } = values;
  return { ok: true, row: { line, periodEnd, promoters, fiis, diis, government, public: publicPct } };
}
