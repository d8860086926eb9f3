import { z } from 'zod';
import {
  FactUnitSchema,
  FactConceptSchema,
  PeriodSchema,
  BasisSchema,
  DecimalStringSchema,
  IsoDateSchema,
  UuidSchema,
  FilingTypeSchema,
} from '#schemas/common';
import { ReportedIdentitySchema } from './reported-identity.ts';
import { eventPayload, ParserVersionSchema } from './event-payload.ts';

export const ReportedFactSchema = z
  .object({
    concept: FactConceptSchema,
    basis: BasisSchema,
    period: PeriodSchema,
    value: DecimalStringSchema.describe('The value in whole units (rupees, not crore)'),
    unit: FactUnitSchema,
    decimals: z.number().int().min(-12).max(12).nullable().describe('XBRL decimals: the precision of the value; null for INF (exact)'),
    scale: z.string().min(1).max(30).nullable().describe('The presentation scale the filing used, e.g. crore, lakh, million'),
    element: z.string().min(1).max(200).nullable().describe('Source element, e.g. in-bse-fin:RevenueFromOperations'),
  })
  .strict();
export type ReportedFact = z.infer<typeof ReportedFactSchema>;

/**
 * One filing's financial facts, batched into one event. A later filing that reports the
 * same fact key is a new version of that fact (a restatement when the value differs).
 * A re-parse of the same filing carries a higher `parserVersion` and replaces the earlier
 * parse of that filing.
 */
export const FinancialsReportedSchema = eventPayload(
  {
    filingId: UuidSchema,
    companyId: UuidSchema,
    company: ReportedIdentitySchema,
    documentType: FilingTypeSchema,
    periodEnd: IsoDateSchema.describe('End of the main period the filing reports'),
    fiscalYearStart: IsoDateSchema.nullable(),
    fiscalYearEnd: IsoDateSchema.nullable(),
    isRevision: z.boolean().describe('The exchange marked this filing as a revision of an earlier one'),
    parserVersion: ParserVersionSchema,
    facts: z.array(ReportedFactSchema).max(5000),
  },
  "One filing's reported financial facts",
);
export type FinancialsReported = z.infer<typeof FinancialsReportedSchema>;
