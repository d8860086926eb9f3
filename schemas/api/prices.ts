import { z } from 'zod';
import { ExchangeSchema, PriceIntervalSchema } from '#schemas/common';
import { CompanyIdentitySchema, CandleSchema, QuoteSchema, PriceAdjustmentSchema, PriceAdjustModeSchema } from '#schemas/read-models';
import { envelope } from './envelope.ts';
import { AsOfParam, DateTimeParam, limitParam } from './params.ts';

export const PricesQuerySchema = z.object({
  ticker: z
    .string()
    .min(1)
    .max(64)
    .describe('Exchange ticker (NSE symbol, BSE code), or a company as NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or UUID'),
  exchange: z.string().max(8).default('NSE').describe('NSE or BSE; NSE:/BSE: in the ticker takes precedence'),
  interval: PriceIntervalSchema.default('1d'),
  start: DateTimeParam.optional().describe('Candles starting at or after'),
  end: DateTimeParam.optional().describe('Candles starting at or before'),
  latest: z.boolean().default(false).describe('Return the current quote instead of a series'),
  as_of: AsOfParam.optional().describe(
    "Extension: prices as knowable at this instant. Candles are each known by their own time (a daily candle at its day's 15:30 IST close, an intraday bar at its end); with latest=true, the quote as it stood then. Omit for everything held",
  ),
  adjust: PriceAdjustModeSchema.default('none').describe(
    'Extension: none (default) returns prices as published; splits adjusts them backward for stock splits and bonus issues (prices and volumes); all also for dividends and rights issues (prices). Only corporate actions known at as_of (else now) are used; meta.adjustment lists the factors and the actions. Not with latest=true',
  ),
  limit: limitParam(5000, 500).describe('Candles, 1..5000: the first from start, else the newest up to end; returned oldest first'),
});
export type PricesQuery = z.infer<typeof PricesQuerySchema>;

const PricesMeta = {
  ticker: z.string(),
  exchange: ExchangeSchema,
  tickers: z.array(z.string()).describe('The exchange tickers read'),
  company: CompanyIdentitySchema.nullable(),
  dataset: z.string(),
  as_of: z.string().nullable().describe('The instant the prices are as knowable at, as given; null for everything held'),
};

export const PricesResponseSchema = z
  .union([
    envelope(z.array(CandleSchema), {
      ...PricesMeta,
      interval: PriceIntervalSchema,
      count: z.number().int(),
      limit: z.number().int(),
      adjust: PriceAdjustModeSchema,
      adjustment: PriceAdjustmentSchema.nullable().describe(
        'How the candles were adjusted (adjust=splits or all): the method, the knowledge used and every factor; null when adjust=none',
      ),
    }),
    envelope(QuoteSchema, { ...PricesMeta, latest: z.literal(true) }),
  ])
  .meta({ id: 'PricesResponse' });
