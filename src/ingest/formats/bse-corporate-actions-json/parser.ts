import { fileKnownAt, corporateActionFileEvents } from '#ingest/shared/corporate-action-purpose';
import { detectJsonKeys, createRecordJsonParser } from '#ingest/shared/parse-support';
import { recordsOf } from './action-record.ts';
import { readFetchedAt } from './fetched-at.ts';
import { readActionRecord } from './read-action-record.ts';

/**
 * BSE's corporate actions as its API returns them (JSON): one CorporateActionAnnounced per
 * action in each record's purpose. The file's time is the connector's, else the fetch time
 * the wrapper states (`metadata.last_updated`: the actions were public by then), else the
 * time received; an action whose ex-date or record date began earlier is known from then
 * (`actionKnownAt`).
 */
export const bseCorporateActionsJsonParser = createRecordJsonParser({
  format: 'bse-corporate-actions-json',
  version: 2,
  description: 'BSE corporate actions API export (JSON): dividends, splits, bonuses, rights, buybacks',
  source: 'bse',
  detect: detectJsonKeys('scrip_code', 'Purpose'),
  expected: 'expected a JSON array of BSE corporate actions (scrip_code, Purpose, Ex_date, RD_Date, …), bare or under "data"',
  documentOf: recordsOf,
  readRecord: readActionRecord,
  toEvents: (rows, context, { fetchedAt }) =>
    corporateActionFileEvents(rows, context, fileKnownAt(context.input, readFetchedAt(fetchedAt))),
});
