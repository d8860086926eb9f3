import { z } from 'zod';
import { ExchangeSchema } from '#schemas/common';
import { CompanyIdentitySchema } from '#schemas/read-models';

/** What both price tools take: a security on one exchange, as GET /v1/prices reads `ticker`. */
export const PriceSecurityInputSchema = z.object({
  ticker: z
    .string()
    .min(1)
    .max(64)
    .describe(
      "The security: a company reference (ticker such as RELIANCE, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID) or the exchange's own ticker (NSE symbol or BSE scrip code). Not a name: for a name, call search first",
    ),
  exchange: ExchangeSchema.default('NSE').describe('NSE or BSE (default NSE); an NSE:/BSE: prefix in ticker takes precedence'),
});

/** Which security a price tool read: the company when the ticker names one, and the exchange tickers. */
export const PriceSecurityOutputSchema = z.object({
  company: CompanyIdentitySchema.nullable().describe(
    "The company the ticker names (id, name, NSE symbol, BSE code, ISIN, CIN); null when it is the exchange's own ticker of a security with no company in the master (an index, say)",
  ),
  exchange: ExchangeSchema.describe('The exchange the prices are from'),
  tickers: z
    .array(z.string().describe('An NSE symbol or BSE scrip code'))
    .describe("The exchange tickers read: the company's current ticker there and former ones, or the ticker as given"),
});
