import { fileKnownAt, corporateActionFileEvents } from '#ingest/shared/corporate-action-purpose';
import { createRecordCsvParser } from '#ingest/shared/parse-support';
import { NSE_CORPORATE_ACTIONS_COLUMNS } from './columns.ts';
import { readActionRow } from './read-action-row.ts';

/**
 * NSE's corporate-actions export (CF-CA-equities-*.csv): one CorporateActionAnnounced per
 * action in each row's purpose. Implemented from the published layout; no real sample was
 * available (the test file is constructed, see fixtures/nse-corporate-actions/). The file
 * states no broadcast time: an action is known from the start of its ex-date or record date
 * (India), or from the connector's time or receipt when that is earlier (`actionKnownAt`).
 */
export const nseCorporateActionsParser = createRecordCsvParser({
  format: 'nse-corporate-actions',
  version: 2,
  description: 'NSE corporate actions export (CSV): dividends, splits, bonuses, rights, buybacks',
  source: 'nse',
  columns: NSE_CORPORATE_ACTIONS_COLUMNS,
  readRow: readActionRow,
  toEvents: (rows, context) => corporateActionFileEvents(rows, context, fileKnownAt(context.input)),
});
