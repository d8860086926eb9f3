import { type BseScripRow, readBseScrip } from '#ingest/shared/bse-scrip';
import type { CsvRow, RowResult } from '#ingest/shared/parse-support';
import { BSE_SCRIP_LIST_COLUMNS, type BseScripListColumn, type BseScripListOptionalColumn } from './columns.ts';

/** Reads one row of either layout (the fields BSE's API states too are read alike: ../../shared/bse-scrip). */
export function readScripRow(row: CsvRow<BseScripListColumn, BseScripListOptionalColumn>): RowResult<BseScripRow> {
  const { cell, optional } = row;
  const texts = {
    code: cell('code'),
    status: cell('status'),
    isin: cell('isin'),
    faceValue: cell('faceValue'),
    securityName: cell('securityName'),
    issuerName: optional('issuerName'),
    sector: optional('sector'),
    industry: optional('industry'),
    basicIndustry: optional('basicIndustry'),
    instrument: optional('instrument'),
  };
  return readBseScrip(`line ${row.line}`, texts, BSE_SCRIP_LIST_COLUMNS);
}
