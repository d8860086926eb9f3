import type { ColumnSpec } from '#ingest/shared/parse-support';

/** The five columns of every niftyindices.com constituent list (NIFTY 50, NIFTY 500, …). */
export const NIFTY_INDEX_LIST_COLUMNS = {
  name: 'Company Name',
  industry: 'Industry',
  symbol: 'Symbol',
  series: 'Series',
  isin: 'ISIN Code',
} as const satisfies ColumnSpec<string>;

export type NiftyIndexListColumn = keyof typeof NIFTY_INDEX_LIST_COLUMNS;
