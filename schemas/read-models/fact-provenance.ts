import { z } from 'zod';
import { FACT_KEY_FIELDS, FactFieldChangeSchema, FactPeriodSchema, FactVersionSchema } from './fact.ts';

/** One version in a chain: the key (company, concept, basis, period) is the chain's, not repeated. */
export const FactChainVersionSchema = FactVersionSchema.omit(FACT_KEY_FIELDS)
  .extend({
    changes: z
      .array(FactFieldChangeSchema)
      .describe(
        'Exactly what differs from the version before (value with its difference, unit, scale, decimals, element, source_url); empty for the first version and for a re-report',
      ),
  })
  .describe(
    'One version of the fact: what one filing stated, when it became knowable (known_at) and when this service recorded it (recorded_at)',
  );
export type FactChainVersion = z.infer<typeof FactChainVersionSchema>;

/** The version chain of one fact key, from its period and version schemas (the API's and the MCP tool's). */
export const versionChainSchema = <P extends z.ZodType, V extends z.ZodType>(period: P, version: V, current: string) =>
  z
    .object({
      period,
      versions: z.array(version).describe('Every version, oldest first (by known_at, then filing id)'),
      current: version.describe(current),
    })
    .describe('The version chain of one fact key (company, concept, basis, period type, period end)');

export const FactVersionChainSchema = versionChainSchema(
  FactPeriodSchema,
  FactChainVersionSchema,
  'The version in force: now, or at as_of when given',
);
export type FactVersionChain = z.infer<typeof FactVersionChainSchema>;
