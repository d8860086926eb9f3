import type { ColumnSpec } from '#ingest/shared/parse-support';

/**
 * The columns read from BSE's corporate-actions export. The export also has BC Start Date,
 * BC End Date (whose header cell carries a leading space and a trailing TAB), ND Start
 * Date, ND End Date and Actual Payment Date; the event has no place for them.
 */
export const BSE_CORPORATE_ACTIONS_COLUMNS = {
  code: 'Security Code',
  securityName: 'Security Name',
  exDate: 'Ex Date',
  purpose: 'Purpose',
  recordDate: 'Record Date',
} as const satisfies ColumnSpec<string>;

export type BseCorporateActionsColumn = keyof typeof BSE_CORPORATE_ACTIONS_COLUMNS;
