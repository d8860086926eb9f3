import { z } from 'zod';

const text = z.string().nullish();
const textOrNumber = z.union([z.string(), z.number()]).nullish();

/**
 * One record of BSE's scrip master API (`ListofScripData`), with BSE's field names. `GROUP`,
 * `scrip_id` (BSE's symbol), `NSURL` and `Mktcap` are allowed and not read: BSE candles and
 * listings are keyed by the scrip code.
 */
export const BseScripRecordSchema = z.looseObject({
  SCRIP_CD: textOrNumber,
  Scrip_Name: text,
  Status: text,
  FACE_VALUE: textOrNumber,
  ISIN_NUMBER: text,
  INDUSTRY: text,
  Segment: text,
  Issuer_Name: text,
});

/** The records of a document: the API answers a bare array. Null when it is not one. */
export function recordsOf(json: unknown): { readonly records: readonly unknown[] } | null {
  return Array.isArray(json) ? { records: json as unknown[] } : null;
}
