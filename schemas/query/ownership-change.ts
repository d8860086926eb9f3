import { z } from 'zod';
import { DecimalStringSchema, IsoDateSchema, UuidSchema } from '#schemas/common';
import { CompanyIdentitySchema } from '#schemas/read-models';

/**
 * The change of one ownership field between two shareholding patterns of a company: the
 * pattern in force at the plan's `change_from` day and the one of its period (or the newest).
 * Both patterns are in the packet's `ownership`, each with its filing, source and known_at.
 */
export const OwnershipChangeSchema = z
  .object({
    company: CompanyIdentitySchema,
    field: z.string().describe('The ownership field: promoter_pct, fii_pct, dii_pct, mutual_fund_pct, public_pct or pledged_pct'),
    from_period_end: IsoDateSchema.describe('Period end of the earlier pattern'),
    from_filing_id: UuidSchema.describe('The filing of the earlier pattern'),
    to_period_end: IsoDateSchema.describe('Period end of the later pattern'),
    to_filing_id: UuidSchema.describe('The filing of the later pattern'),
    change: DecimalStringSchema.nullable().describe(
      'Later minus earlier, in percentage points, exact; null when either pattern does not state the field (never 0 for missing)',
    ),
  })
  .describe('The change of an ownership field between two shareholding patterns');
export type OwnershipChange = z.infer<typeof OwnershipChangeSchema>;
