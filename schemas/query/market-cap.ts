import { z } from 'zod';
import { DecimalStringSchema, IsoDateSchema, IsoDateTimeSchema } from '#schemas/common';
import { CompanyIdentitySchema, ScreenInputSchema } from '#schemas/read-models';

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
    share_capital: DecimalStringSchema.nullable().describe(
      'The EquityShareCapital used, INR: of the balance sheet nearest before the close known at as_of (its date and filing are among the inputs)',
    ),
    face_value: DecimalStringSchema.nullable().describe(
      'The face value per share the filings state for that balance sheet (FaceValuePerShare, INR per share); null when it was derived from the splits on record instead, or is unknown',
    ),
    inputs: z
      .array(ScreenInputSchema)
      .describe(
        'The close, the EquityShareCapital fact and the FaceValuePerShare fact (with their filings), and any split or bonus the share count was carried across',
      ),
    reason: z.string().nullable().describe('Why the value is null; null when there is a value'),
  })
  .describe('Market capitalisation with its date and inputs');
export type MarketCap = z.infer<typeof MarketCapSchema>;
