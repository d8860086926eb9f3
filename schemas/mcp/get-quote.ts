import type { z } from 'zod';
import { QuoteSchema } from '../read-models/price.ts';
import { PriceSecurityInputSchema, PriceSecurityOutputSchema } from './price-security.ts';

export const GetQuoteInputSchema = PriceSecurityInputSchema.strict();

export const GetQuoteOutputSchema = PriceSecurityOutputSchema.extend({
  quote: QuoteSchema.describe(
    'The latest price: the newest quote snapshot, or one built from the newest daily candle (source says which); as_of says when it was current, so it may be far from today. Prices are decimal strings in INR',
  ),
});
export type GetQuoteOutput = z.infer<typeof GetQuoteOutputSchema>;
