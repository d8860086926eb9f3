import { bseScripEvents } from '#ingest/shared/bse-scrip';
import { detectJsonKeys, createRecordJsonParser } from '#ingest/shared/parse-support';
import { readScripRecord } from './read-scrip-record.ts';
import { recordsOf } from './scrip-record.ts';

/**
 * BSE's scrip master as its API answers it (`ListofScripData`, JSON): the same companies and
 * BSE listings as the CSV download (bse-scrip-list) gives for the same scrips. The list states
 * no publication time, so knownAt is the connector's known time, else the time received.
 */
export const bseScripMasterJsonParser = createRecordJsonParser({
  format: 'bse-scrip-master-json',
  version: 1,
  description: 'BSE scrip master API (JSON, ListofScripData): companies and their BSE listings',
  source: 'bse',
  priority: 0,
  // ISIN_NUMBER and Scrip_Name are this API's own names; the announcements API has SCRIP_CD too.
  detect: detectJsonKeys('SCRIP_CD', 'Scrip_Name', 'ISIN_NUMBER'),
  expected:
    'expected a JSON array of BSE scrips (SCRIP_CD, Scrip_Name, Status, FACE_VALUE, ISIN_NUMBER, INDUSTRY, Segment, Issuer_Name, …)',
  documentOf: recordsOf,
  noRecords: 'the list holds no scrips',
  readRecord: readScripRecord,
  toEvents: bseScripEvents,
});
