import { z } from 'zod';

const text = z.string().nullable().optional();

/**
 * One record of BSE's corporate-actions API (api.bseindia.com …/DefaultData/w), with BSE's
 * own field names. Wrappers add fields of their own (the sample adds `action_type` and
 * `dividend_amount`); they are ignored, and the purpose is read here, not taken from them.
 */
export const BseActionRecordSchema = z.looseObject({
  scrip_code: z.union([z.number().int(), z.string()]),
  short_name: text,
  long_name: text,
  Ex_date: text,
  exdate: text,
  Purpose: text,
  RD_Date: text,
});
export type BseActionRecord = z.infer<typeof BseActionRecordSchema>;

const WrappedSchema = z.looseObject({
  data: z.array(z.unknown()),
  metadata: z.looseObject({ last_updated: z.string().nullable().optional() }).nullable().optional(),
});
const BseEnvelopeSchema = z.looseObject({ Table: z.array(z.unknown()) });

/**
 * The records of a document and when the wrapper says it fetched them: BSE's bare array, or
 * an object holding it under `data` (the sample's wrapper, with `metadata.last_updated`) or
 * `Table` (BSE's own envelope on some endpoints). Null when it is none of these.
 */
export function recordsOf(document: unknown): { readonly records: readonly unknown[]; readonly fetchedAt: string | null } | null {
  if (Array.isArray(document)) return { records: document as unknown[], fetchedAt: null };
  const wrapped = WrappedSchema.safeParse(document);
  if (wrapped.success) return { records: wrapped.data.data, fetchedAt: wrapped.data.metadata?.last_updated ?? null };
  const envelope = BseEnvelopeSchema.safeParse(document);
  return envelope.success ? { records: envelope.data.Table, fetchedAt: null } : null;
}
