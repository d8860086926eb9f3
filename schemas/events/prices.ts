import { z } from 'zod';
import {
  DecimalStringSchema,
  ExchangeSchema,
  IsinSchema,
  IsoDateTimeSchema,
} from '../common/primitives.ts';
import { PriceIntervalSchema } from '../common/vocabularies.ts';

export const CandleSchema = z
  .object({
    ticker: z.string().min(1).max(64),
    isin: IsinSchema.nullable(),
    start: IsoDateTimeSchema.describe('Start of the candle interval'),
    open: DecimalStringSchema,
    high: DecimalStringSchema,
    low: DecimalStringSchema,
    close: DecimalStringSchema,
    volume: DecimalStringSchema.nullable(),
    value: DecimalStringSchema.nullable().describe('Traded value in INR'),
    trades: z.number().int().nonnegative().nullable(),
  })
  .strict();
export type Candle = z.infer<typeof CandleSchema>;

/** One file's (or one day's) candles of one interval, batched into one event. */
export const PricesRecordedSchema = z
  .object({
    exchange: ExchangeSchema,
    interval: PriceIntervalSchema,
    candles: z.array(CandleSchema).max(100000),
    parserVersion: z.number().int().positive(),
  })
  .strict()
  .describe("One file's candles of one interval");
export type PricesRecorded = z.infer<typeof PricesRecordedSchema>;
