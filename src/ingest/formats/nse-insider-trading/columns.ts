import type { ColumnSpec } from '#ingest/shared/parse-support';

/**
 * The columns read from NSE's insider-trading export, spelt as NSE spells them
 * ("DISPLOSED", "INITMATION", "BROADCASTE"). Each header cell ends in " \n" inside its
 * quotes; cells are compared trimmed. The quantity, value, holding and derivative columns are
 * not read: insider activity is kept as disclosure documents, not as trade records.
 */
export const NSE_INSIDER_TRADING_COLUMNS = {
  symbol: 'SYMBOL',
  company: 'COMPANY',
  regulation: 'REGULATION',
  person: 'NAME OF THE ACQUIRER/DISPOSER',
  personCategory: 'CATEGORY OF PERSON',
  securityTypePrior: 'TYPE OF SECURITY (PRIOR)',
  securityType: 'TYPE OF SECURITY (ACQUIRED/DISPLOSED)',
  securityTypePost: 'TYPE OF SECURITY (POST)',
  transactionType: 'ACQUISITION/DISPOSAL TRANSACTION TYPE',
  from: 'DATE OF ALLOTMENT/ACQUISITION FROM',
  to: 'DATE OF ALLOTMENT/ACQUISITION TO',
  intimatedOn: 'DATE OF INITMATION TO COMPANY',
  mode: 'MODE OF ACQUISITION',
  broadcastAt: 'BROADCASTE DATE AND TIME',
  xbrl: 'XBRL',
} as const satisfies ColumnSpec<string>;

export type NseInsiderTradingColumn = keyof typeof NSE_INSIDER_TRADING_COLUMNS;

/** The columns that identify the export (detection). */
export const NSE_INSIDER_TRADING_SIGNATURE = [
  NSE_INSIDER_TRADING_COLUMNS.symbol,
  NSE_INSIDER_TRADING_COLUMNS.regulation,
  NSE_INSIDER_TRADING_COLUMNS.person,
  NSE_INSIDER_TRADING_COLUMNS.personCategory,
  NSE_INSIDER_TRADING_COLUMNS.broadcastAt,
  NSE_INSIDER_TRADING_COLUMNS.xbrl,
];
