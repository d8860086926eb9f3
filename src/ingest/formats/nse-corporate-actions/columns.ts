import type { ColumnSpec } from '#ingest/shared/parse-support';

/**
 * NSE's corporate-actions export (nseindia.com, Corporate Filings → Corporate Actions →
 * Equity, "Download (.csv)"): SYMBOL, COMPANY NAME, SERIES, PURPOSE, FACE VALUE, EX-DATE,
 * RECORD DATE, BOOK CLOSURE START DATE, BOOK CLOSURE END DATE. The event has no place for
 * the face value and the book closure dates, so they are not required.
 */
export const NSE_CORPORATE_ACTIONS_COLUMNS = {
  symbol: 'SYMBOL',
  name: 'COMPANY NAME',
  series: 'SERIES',
  purpose: 'PURPOSE',
  exDate: 'EX-DATE',
  recordDate: 'RECORD DATE',
} as const satisfies ColumnSpec<string>;

export type NseCorporateActionsColumn = keyof typeof NSE_CORPORATE_ACTIONS_COLUMNS;
