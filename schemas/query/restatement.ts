import { z } from 'zod';
import { CompanyIdentitySchema, FACT_KEY_FIELDS, FactSchema, FactVersionSchema, SearchCandidateSchema } from '#schemas/read-models';

/** A version of a restated fact; the chain states the company, concept, basis and period once. */
export const RestatedVersionSchema = FactVersionSchema.omit(FACT_KEY_FIELDS).describe(
  'One version of a restated fact: the value one filing stated, its source_url and known_at',
);
export type RestatedVersion = z.infer<typeof RestatedVersionSchema>;

/**
 * The version chain of a fact whose value was restated, as known at the plan's as_of:
 * versions known later are left out.
 */
export const RestatementSchema = FactSchema.pick(FACT_KEY_FIELDS)
  .extend({
    versions: z
      .array(RestatedVersionSchema)
      .describe('Every version knowable at as_of, oldest first; the last is the one in force, the earlier ones were superseded'),
  })
  .describe('A fact whose value changed from one filing to a later one');
export type Restatement = z.infer<typeof RestatementSchema>;

/** What one company named in a comparison resolved to. */
export const CompanyResolutionSchema = z
  .object({
    reference: z.string().describe('The company as written in the question or the plan'),
    company: CompanyIdentitySchema.nullable().describe('The company it names exactly; null when unresolved or ambiguous'),
    candidates: z.array(SearchCandidateSchema).describe('Companies it may mean when it did not resolve exactly; none is chosen'),
  })
  .describe('One company of a comparison');
export type CompanyResolution = z.infer<typeof CompanyResolutionSchema>;
