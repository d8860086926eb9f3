import type { ColumnSpec } from '#ingest/shared/parse-support';

/** Columns both BSE "List of Scrips" layouts have (2015: 9 columns; 2024: 14). */
export const BSE_SCRIP_LIST_COLUMNS = {
  code: 'Security Code',
  securityId: 'Security Id',
  securityName: 'Security Name',
  status: 'Status',
  faceValue: 'Face Value',
  isin: 'ISIN No',
} as const satisfies ColumnSpec<string>;

/**
 * Columns read when present. `Issuer Name` and the 2024 classification (`Industry New Name`,
 * BSE's sector level; `ISubgroup Name`, the basic industry) exist only in the newer layout;
 * `Industry` and `Instrument` in both. In the 2024 layout `Industry` repeats `ISubgroup Name`
 * with its commas turned into "- " ("Residential- Commercial Projects"), so the latter is
 * preferred.
 */
export const BSE_SCRIP_LIST_OPTIONAL_COLUMNS = {
  issuerName: 'Issuer Name',
  industry: 'Industry',
  basicIndustry: 'ISubgroup Name',
  instrument: 'Instrument',
  sector: 'Industry New Name',
} as const satisfies ColumnSpec<string>;

export type BseScripListColumn = keyof typeof BSE_SCRIP_LIST_COLUMNS;
export type BseScripListOptionalColumn = keyof typeof BSE_SCRIP_LIST_OPTIONAL_COLUMNS;
