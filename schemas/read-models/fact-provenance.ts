import { z } from 'zod';
import { FactFieldChangeSchema, FactPeriodSchema, FactVersionSchema } from './fact.ts';

/** One version in a chain: the key (company, concept, basis, period) is the chain's, not repeated. */
export const FactChainVersionSchema = FactVersionSchema.omit({ company: true, concept: true, basis: true, period: true })
  .extend({
    changes: z
      .array(FactFieldChangeSchema)
      .describe('Exactly what differs from the version before (value with its difference, unit, scale, decimals, element, source_url); empty for the first version and for a re-report'),
  })
  .describe('One version of the fact: what one filing stated, when it became knowable (known_at) and when this service recorded it (recorded_at)');
export type FactChainVersion = z.infer<typeof FactChainVersionSchema>;

export const FactVersionChainSchema = z
  .object({
    period: FactPeriodSchema,
    versions: z.array(FactChainVersionSchema).describe('Every version, oldest first (by known_at, then filing id)'),
    current: FactChainVersionSchema.describe('The version in force: now, or at as_of when given'),
  })
  .describe('The version chain of one fact key (company, concept, basis, period type, period end)');
export type FactVersionChain = z.infer<typeof FactVersionChainSchema>;
