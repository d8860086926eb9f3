import { z } from 'zod';
import { DecimalStringSchema, IsoDateSchema, UuidSchema } from '#schemas/common';
import { ReportedIdentitySchema } from './reported-identity.ts';
import { eventPayload, ParserVersionSchema } from './event-payload.ts';

const Percentage = DecimalStringSchema.nullable().describe('Percentage of shares; null when not reported');

export const HolderLineSchema = z
  .object({
    category: z.string().min(1).max(200),
    name: z.string().min(1).max(300),
    shares: DecimalStringSchema.nullable(),
    percentage: Percentage,
  })
  .strict();
export type HolderLine = z.infer<typeof HolderLineSchema>;

export const ShareholdingReportedSchema = eventPayload(
  {
    filingId: UuidSchema,
    companyId: UuidSchema.nullable().describe('Null when the company could not be resolved at ingestion'),
    company: ReportedIdentitySchema,
    periodEnd: IsoDateSchema,
    promoterPct: Percentage,
    fiiPct: Percentage,
    diiPct: Percentage,
    mutualFundPct: Percentage,
    publicPct: Percentage,
    pledgedPct: Percentage,
    holders: z.array(HolderLineSchema).max(10000),
    parserVersion: ParserVersionSchema,
  },
  'A shareholding pattern for one period end',
);
export type ShareholdingReported = z.infer<typeof ShareholdingReportedSchema>;
