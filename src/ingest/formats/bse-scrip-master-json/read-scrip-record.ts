import { type BseScripRow, readBseScrip } from '#ingest/shared/bse-scrip';
import { rowProblem, type RowResult } from '#ingest/shared/parse-support';
import { BseScripRecordSchema } from './scrip-record.ts';

const textOf = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value).trim());

/**
 * Reads the `n`th record (from 1) as the CSV download's rows read (bse-scrip-list): SCRIP_CD is
 * the Security Code, Scrip_Name the Security Name, Issuer_Name the Issuer Name, INDUSTRY the
 * Industry and Segment the Instrument. The API states no sector.
 */
export function readScripRecord(value: unknown, n: number): RowResult<BseScripRow> {
  const parsed = BseScripRecordSchema.safeParse(value);
  if (!parsed.success)
    return rowProblem(`record ${n}`, 'not a scrip: expected an object with SCRIP_CD, Scrip_Name, Status, ISIN_NUMBER, …');
  const r = parsed.data;
  const texts = {
    code: textOf(r.SCRIP_CD),
    status: textOf(r.Status),
    isin: textOf(r.ISIN_NUMBER),
    faceValue: textOf(r.FACE_VALUE),
    securityName: textOf(r.Scrip_Name),
    issuerName: r.Issuer_Name ?? null,
    sector: null,
    industry: r.INDUSTRY ?? null,
    basicIndustry: null,
    instrument: r.Segment ?? null,
  };
  return readBseScrip(`record ${n}`, texts, { code: 'SCRIP_CD', status: 'Status', isin: 'ISIN_NUMBER', faceValue: 'FACE_VALUE' });
}
