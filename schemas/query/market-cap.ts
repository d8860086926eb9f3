import { z } from 'zod';
import { DecimalStringSchema, IsoDateSchema, IsoDateTimeSchema } from '../common/primitives.ts';
import { CompanyIdentitySchema } from '../read-models/company.ts';
import { ScreenInputSchema } from '../read-models/screen.ts';

/**
 * A company's market capitalisation as the screen's `market_cap` metric computes it: the
 * last NSE close knowable at the plan's as_of times the shares outstanding on the close's
 * day. Null with a reason when an input is missing, never 0.
 */
export const MarketCapSchema = z
  .object({
    company: CompanyIdentitySchema,
    value: DecimalStringSchema.nullable().describe('Market capitalisation in INR, rounded to the rupee; null when an input is missing'),
    close: DecimalStringSchema.nullable().describe('The NSE close used, INR per share'),
    close_date: IsoDateSchema.nullable().describe('The day of that close'),
    known_at: IsoDateTimeSchema.nullable().describe('When the newest input became knowable'),
    inputs: z
      .array(ScreenInputSchema)
      .describe('The close, the EquityShareCapital fact (with its filing) and any split or bonus the share count was carried across'),
    reason: z.string().nullable().describe('Why the value is null; null when there is a value'),
  })
  .describe('Market capitalisation with its date and inputs');
export type MarketCap = z.infer<typeof MarketCapSchema>;
