import { z } from 'zod';

const text = z.string().nullable().optional();

/**
 * One record of NSE's corporate-actions API (`/api/corporates-corporateActions?index=equities`),
 * with NSE's field names: `symbol, series, ind, faceVal, subject, exDate, recDate,
 * bcStartDate, bcEndDate, ndStartDate, ndEndDate, comp, isin, caBroadcastDate`. Only the
 * fields the event carries are checked; the rest (face value, book closure and no-delivery
 * dates) have no place in it.
 */
export const NseActionRecordSchema = z.looseObject({
  symbol: z.string(),
  series: text,
  subject: text,
  exDate: text,
  recDate: text,
  comp: text,
  isin: text,
});
export type NseActionRecord = z.infer<typeof NseActionRecordSchema>;

/** The records of a response: NSE's bare array, or an object holding it under `data`; null when it is neither. */
export function nseActionRecordsOf(document: unknown): { readonly records: readonly unknown[] } | null {
  if (Array.isArray(document)) return { records: document as unknown[] };
  const data = (document as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? { records: data as unknown[] } : null;
}
