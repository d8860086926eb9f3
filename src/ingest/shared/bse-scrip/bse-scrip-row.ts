import type { ListingStatus } from '#schemas/events';
import { isAbsentIsin, readIsin } from '#domain/identity';
import { parseDecimalText, shiftDecimal } from '#platform/decimals';
import { rowProblem, type RowResult } from '#ingest/shared/parse-support';
import { cleanName, sectorName } from '#ingest/shared/reference-data';
import { scripStatus } from './scrip-status.ts';

/** One scrip of a BSE list (the CSV download or the API's JSON), as read. */
export interface BseScripRow {
  /** Where the scrip is in its document, `line 12` or `record 3`. */
  readonly position: string;
  readonly code: string;
  /** The issuer's name (2024 layout, the API), else the security name. */
  readonly companyName: string | null;
  readonly securityName: string | null;
  readonly status: ListingStatus;
  readonly faceValue: string | null;
  readonly isin: string | null;
  readonly sector: string | null;
  readonly industry: string | null;
  /** The Instrument column (the API's Segment): `Equity`, `-` for rights entitlements; null when absent. */
  readonly instrument: string | null;
}

/** A scrip's texts as its document states them, by what they are; null for a field the document lacks. */
export interface BseScripTexts {
  readonly code: string;
  readonly status: string;
  readonly isin: string;
  readonly faceValue: string;
  readonly securityName: string;
  readonly issuerName: string | null;
  readonly sector: string | null;
  readonly industry: string | null;
  readonly basicIndustry: string | null;
  readonly instrument: string | null;
}

/** The names each source gives the fields, for its problems (`Security Code` in the CSV, `SCRIP_CD` in the API). */
export type BseScripFieldNames = Readonly<Record<'code' | 'status' | 'isin' | 'faceValue', string>>;

/** Reads one scrip at `position`; a bad scrip code, status, ISIN or face value makes it a problem. */
export function readBseScrip(position: string, texts: BseScripTexts, names: BseScripFieldNames): RowResult<BseScripRow> {
  const { code } = texts;
  const fail = (message: string) => rowProblem(code ? `${position} (${code})` : position, message);
  if (!/^\d{6}$/.test(code)) return fail(`${names.code} "${code}" is not a BSE scrip code: expected six digits`);
  const status = scripStatus(texts.status);
  if (!status) return fail(`${names.status} "${texts.status}" is not a BSE status: expected Active, Suspended or Delisted`);
  const isin = readIsin(texts.isin);
  if (isin === null && !isAbsentIsin(texts.isin)) {
    return fail(`${names.isin} "${texts.isin}" is not a valid ISIN: expected 12 characters with a valid check digit`);
  }
  const faceValue = parseDecimalText(texts.faceValue);
  if (faceValue === undefined) return fail(`${names.faceValue} "${texts.faceValue}" is not a number: expected e.g. 10.00`);
  const securityName = cleanName(texts.securityName);
  return {
    ok: true,
    row: {
      position,
      code,
      companyName: cleanName(texts.issuerName) ?? securityName,
      securityName,
      status,
      faceValue: faceValue === null ? null : shiftDecimal(faceValue, 0),
      isin,
      sector: sectorName(texts.sector),
      industry: cleanName(texts.basicIndustry) ?? cleanName(texts.industry),
      instrument: cleanName(texts.instrument),
    },
  };
}
