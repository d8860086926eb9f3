import { z } from 'zod';
import { CompanyIdentitySchema, EventTypeCountSchema } from '#schemas/read-models';
import { CompanyInputSchema } from './common.ts';

export const ListEventTypesInputSchema = z
  .object({
    company: CompanyInputSchema.optional().describe(
      "Only the types of this company's disclosures, exactly: ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID. Omit for every company",
    ),
  })
  .strict();

export const ListEventTypesOutputSchema = z.object({
  company: CompanyIdentitySchema.nullable().describe('The company asked for; null for the types across every company'),
  event_types: z
    .array(EventTypeCountSchema)
    .describe('The event types present in the stored disclosures, most frequent first; pass event_type exactly as get_events type'),
  note: z.string().describe('How to read this list against coverage'),
});
export type ListEventTypesOutput = z.infer<typeof ListEventTypesOutputSchema>;
