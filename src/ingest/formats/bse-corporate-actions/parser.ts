import { fileKnownAt, corporateActionFileEvents } from '#ingest/shared/corporate-action-purpose';
import { createRecordCsvParser } from '#ingest/shared/parse-support';
import { BSE_CORPORATE_ACTIONS_COLUMNS } from './columns.ts';
import { readActionRow } from './read-action-row.ts';

/**
 * BSE's corporate-actions export (Corporate_Actions.csv): one CorporateActionAnnounced per
 * action in each row's purpose. The file states no announcement time: an action is known
 * from the start of its ex-date or record date (India), or from the connector's time or
 * receipt when that is earlier (`actionKnownAt`).
 */
export const bseCorporateActionsParser = createRecordCsvParser({
  format: 'bse-corporate-actions',
  version: 2,
  description: 'BSE corporate actions export (CSV): dividends, splits, bonuses, rights, buybacks',
  source: 'bse',
  columns: BSE_CORPORATE_ACTIONS_COLUMNS,
  readRow: readActionRow,
  toEvents: (rows, context) => corporateActionFileEvents(rows, context, fileKnownAt(context.input)),
});
