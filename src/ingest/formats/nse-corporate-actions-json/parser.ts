import { fileKnownAt, corporateActionFileEvents } from '#ingest/shared/corporate-action-purpose';
import { detectJsonKeys, createRecordJsonParser } from '#ingest/shared/parse-support';
import { nseActionRecordsOf } from './action-record.ts';
import { readActionRecord } from './read-action-record.ts';

/**
 * NSE's corporate actions as its API returns them (JSON): one CorporateActionAnnounced per
 * action in each record's `subject`, the same events the CSV export gives for the same rows
 * (nse-corporate-actions), with the ISIN the API adds. The response states no broadcast time
 * (`caBroadcastDate` is null in every record seen): an action is known from the start of its
 * ex-date or record date (India), or from the connector's time or receipt when earlier.
 */
export const nseCorporateActionsJsonParser = createRecordJsonParser({
  format: 'nse-corporate-actions-json',
  version: 1,
  description: 'NSE corporate actions API (JSON): dividends, splits, bonuses, rights, buybacks',
  source: 'nse',
  detect: detectJsonKeys('symbol', 'subject', 'exDate'),
  expected:
    'expected a JSON array of NSE corporate actions (symbol, series, subject, exDate, recDate, comp, isin, …), bare or under "data"',
  documentOf: nseActionRecordsOf,
  readRecord: readActionRecord,
  toEvents: (rows, context) => corporateActionFileEvents(rows, context, fileKnownAt(context.input)),
});
