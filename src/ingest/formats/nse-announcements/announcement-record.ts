import { z } from 'zod';

const text = z.string().nullish();

/**
 * One record of NSE's corporate-announcements API (`/api/corporate-announcements`), as far
 * as this parser reads it. NSE also sends `difference`, `attFileSize`, `fileSize`,
 * `hasXbrl`, `bflag`, `orgid`, `old_new`, `csvName`; they are allowed and ignored.
 * Debt-segment records have `symbol`, `sm_isin` and `sort_date` null and upper-case months.
 */
export const NseAnnouncementRecordSchema = z
  .object({
    seq_id: z.union([z.string(), z.number()]).nullish(),
    symbol: text,
    desc: text,
    dt: text,
    an_dt: text,
    sort_date: text,
    exchdisstime: text,
    attchmntFile: text,
    attchmntText: text,
    sm_name: text,
    sm_isin: text,
    smIndustry: text,
  })
  .loose();
export type NseAnnouncementRecord = z.infer<typeof NseAnnouncementRecordSchema>;

const WrappedSchema = z.looseObject({ data: z.array(z.unknown()) });

/** The records of a document: a bare array, or the API's `{ "data": [...] }` wrapper. */
export function recordsOf(json: unknown): { readonly records: readonly unknown[] } | null {
  if (Array.isArray(json)) return { records: json as unknown[] };
  const wrapped = WrappedSchema.safeParse(json);
  return wrapped.success ? { records: wrapped.data.data } : null;
}
