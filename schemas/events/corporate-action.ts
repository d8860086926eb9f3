import { z } from 'zod';
import { DecimalStringSchema, IsoDateSchema, UuidSchema, CorporateActionTypeSchema } from '#schemas/common';
import { ReportedIdentitySchema } from './reported-identity.ts';
import { eventPayload, ParserVersionSchema } from './event-payload.ts';

export const CorporateActionAnnouncedSchema = eventPayload(
  {
    actionId: UuidSchema,
    companyId: UuidSchema.nullable(),
    company: ReportedIdentitySchema,
    actionType: CorporateActionTypeSchema.nullable().describe('Null when the purpose text could not be parsed'),
    purpose: z.string().min(1).max(1000).describe('The purpose text exactly as published'),
    exDate: IsoDateSchema.nullable(),
    recordDate: IsoDateSchema.nullable(),
    amountPerShare: DecimalStringSchema.nullable().describe('Cash per share in INR (dividends, buybacks)'),
    ratio: z
      .object({ new: DecimalStringSchema, existing: DecimalStringSchema })
      .strict()
      .nullable()
      .describe('new:existing, e.g. bonus 1:1 or rights 1:5'),
    faceValueFrom: DecimalStringSchema.nullable(),
    faceValueTo: DecimalStringSchema.nullable(),
    parserVersion: ParserVersionSchema,
  },
  'A dividend, split, bonus, rights issue or buyback was announced',
);
export type CorporateActionAnnounced = z.infer<typeof CorporateActionAnnouncedSchema>;
