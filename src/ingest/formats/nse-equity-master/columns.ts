import type { ColumnSpec } from '#ingest/shared/parse-support';

/**
 * The columns read from NSE's EQUITY_L.csv. NSE writes every header after the first with a
 * leading space (` SERIES`); headers are compared trimmed. PAID UP VALUE and MARKET LOT are
 * not read: the paid-up value equals the face value in every row seen, and the market lot is
 * 1 since dematerialisation.
 */
export const NSE_EQUITY_MASTER_COLUMNS = {
  symbol: 'SYMBOL',
  name: 'NAME OF COMPANY',
  series: 'SERIES',
  listingDate: 'DATE OF LISTING',
  isin: 'ISIN NUMBER',
  faceValue: 'FACE VALUE',
} as const satisfies ColumnSpec<string>;

export type NseEquityMasterColumn = keyof typeof NSE_EQUITY_MASTER_COLUMNS;
