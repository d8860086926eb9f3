import { z } from 'zod';
import { BseScripCodeSchema, CinSchema, IsinSchema, NseSymbolSchema } from '#schemas/common';

/** A company's identity exactly as a source document states it. */
export const ReportedIdentitySchema = z
  .object({
    name: z.string().min(1).max(300).nullable(),
    nseSymbol: NseSymbolSchema.nullable(),
    bseCode: BseScripCodeSchema.nullable(),
    isin: IsinSchema.nullable(),
    cin: CinSchema.nullable(),
  })
  .strict()
  .describe('Company identity as stated in the source document');
export type ReportedIdentity = z.infer<typeof ReportedIdentitySchema>;
