import { z } from 'zod';
import { IsoDateTimeSchema, PriceIntervalSchema, InstantInputSchema } from '#schemas/common';
import { CandleSchema, PriceAdjustmentSchema, PriceAdjustModeSchema } from '#schemas/read-models';
import { AsOfInputSchema } from './common.ts';
import { ToolAsOfSchema } from './financial-figures.ts';
import { PriceSecurityInputSchema, PriceSecurityOutputSchema } from './price-security.ts';

export const GetHistoricalPricesInputSchema = PriceSecurityInputSchema.extend({
  interval: PriceIntervalSchema.default('1d').describe('Candle interval: 1m, 5m, 15m, 30m, 1h or 1d (default 1d)'),
  start: InstantInputSchema.optional().describe(
    'Candles starting at or after this instant (a date means its midnight UTC; a daily candle starts 09:15 IST). With start, the first limit candles from it; without it, the newest limit candles up to end. Pass page.next_start here to page on',
  ),
  end: InstantInputSchema.optional().describe(
    'Candles starting at or before this instant (a date means its midnight UTC, so a daily candle of that date is not included); omit for up to the newest held',
  ),
  as_of: AsOfInputSchema.optional().describe(
    "Only what was knowable at this instant: each candle by its own time (a daily candle at its day's 15:30 IST close, a bar at its end), and with adjust only the corporate actions known then. A date alone means its midnight UTC. Omit for everything held",
  ),
  adjust: PriceAdjustModeSchema.default('none').describe(
    'none (default): prices as published. splits: adjusted backward for stock splits and bonus issues (prices and volumes), so a series has no jump at an ex-date. all: also for dividends and rights issues (prices). The factors and the actions used are listed in adjustment',
  ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(30)
    .describe(
      'Most candles to return, 1..1000 (default 30). One result holds about 35 daily candles (it stays under 25 KB): a larger limit is paged, with page.truncated true and page.next_start where the next page starts',
    ),
}).strict();

/** Where a page of candles stands: candles are paged forward in time by their start, not by offset. */
export const PricePageSchema = z
  .object({
    returned: z.number().int().describe('Candles in this page'),
    limit: z.number().int().describe('Candles asked for'),
    truncated: z
      .boolean()
      .describe('true when fewer than limit candles were returned to keep one result under 25 KB: page on with next_start'),
    next_start: IsoDateTimeSchema.nullable().describe(
      'Pass as start (with the same ticker, exchange, interval and end) for the following candles; null when this page reaches the end of the range',
    ),
  })
  .describe('Paging of the candles');
export type PricePage = z.infer<typeof PricePageSchema>;

export const GetHistoricalPricesOutputSchema = PriceSecurityOutputSchema.extend({
  interval: PriceIntervalSchema.describe('The interval of the candles'),
  as_of: ToolAsOfSchema,
  adjust: PriceAdjustModeSchema,
  adjustment: PriceAdjustmentSchema.nullable().describe(
    'How the candles were adjusted: method, the knowledge used and every factor with its actions; null when adjust is none',
  ),
  candles: z
    .array(CandleSchema)
    .describe(
      'OHLCV candles, oldest first, each with its source and known_at; prices are decimal strings in INR, as published unless adjust says otherwise; derived marks a daily candle built from 5-minute bars',
    ),
  page: PricePageSchema,
});
export type GetHistoricalPricesOutput = z.infer<typeof GetHistoricalPricesOutputSchema>;
