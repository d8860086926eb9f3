import type { z } from 'zod';
import { QuoteSchema } from '#schemas/read-models';
import { AsOfInputSchema } from './common.ts';
import { ToolAsOfSchema } from './financial-figures.ts';
import { PriceSecurityInputSchema, PriceSecurityOutputSchema } from './price-security.ts';

export const GetQuoteInputSchema = PriceSecurityInputSchema.extend({
  as_of: AsOfInputSchema.optional().describe(
    'The quote as it stood at this instant: only snapshots, daily closes (known at 15:30 IST of their day) and bars (known at their end) knowable then. A date alone means its midnight UTC. Omit for the newest held',
  ),
}).strict();

export const GetQuoteOutputSchema = PriceSecurityOutputSchema.extend({
  as_of: ToolAsOfSchema,
  quote: QuoteSchema.describe(
    "The latest price: the newest of a quote snapshot, a daily candle's close and an intraday bar's close (source says which); quote.as_of says when it was current and age_seconds how old it is, so it may be far from today. Prices are decimal strings in INR",
  ),
});
export type GetQuoteOutput = z.infer<typeof GetQuoteOutputSchema>;
