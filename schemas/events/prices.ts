import { z } from 'zod';
import { DecimalStringSchema, ExchangeSchema, IsinSchema, IsoDateTimeSchema } from '../common/primitives.ts';
import { PriceIntervalSchema } from '../common/vocabularies.ts';
import { eventPayload, ParserVersionSchema } from './event-payload.ts';

export const CandleSchema = z
  .object({
    ticker: z.string().min(1).max(64).describe('NSE symbol or BSE scrip code'),
    series: z.string().min(1).max(8).nullable().describe('NSE series (EQ, BE, ...) or BSE group, when stated'),
    isin: IsinSchema.nullable(),
    start: IsoDateTimeSchema.describe('Start of the candle interval (for 1d, the trading day at 09:15 IST)'),
    open: DecimalStringSchema,
    high: DecimalStringSchema,
    low: DecimalStringSchema,
    close: DecimalStringSchema,
    volume: DecimalStringSchema.nullable(),
    value: DecimalStringSchema.nullable().describe('Traded value in INR'),
    trades: z.number().int().nonnegative().nullable(),
    previousClose: DecimalStringSchema.nullable()
      .optional()
      .describe(
        "The previous close the file states beside the day's candle (a bhavcopy's PREVCLOSE), null when it states none; absent in events of parsers that did not read it",
      ),
  })
  .strict();
export type Candle = z.infer<typeof CandleSchema>;

/** One file's (or one day's) candles of one interval, batched into one event. */
export const PricesRecordedSchema = eventPayload(
  {
    exchange: ExchangeSchema,
    interval: PriceIntervalSchema,
    candles: z.array(CandleSchema).max(100000),
    parserVersion: ParserVersionSchema,
  },
  "One file's candles of one interval",
);
export type PricesRecorded = z.infer<typeof PricesRecordedSchema>;

export const QuoteSchema = z
  .object({
    ticker: z.string().min(1).max(64),
    series: z.string().min(1).max(8).nullable(),
    isin: IsinSchema.nullable(),
    at: IsoDateTimeSchema.describe('When the quote was taken'),
    lastPrice: DecimalStringSchema,
    open: DecimalStringSchema.nullable(),
    high: DecimalStringSchema.nullable(),
    low: DecimalStringSchema.nullable(),
    previousClose: DecimalStringSchema.nullable(),
    change: DecimalStringSchema.nullable(),
    changePercent: DecimalStringSchema.nullable(),
    volume: DecimalStringSchema.nullable(),
    value: DecimalStringSchema.nullable().describe('Traded value in INR'),
    high52: DecimalStringSchema.nullable(),
    low52: DecimalStringSchema.nullable(),
  })
  .strict();
export type Quote = z.infer<typeof QuoteSchema>;

/** Quote snapshots of one file: the latest price of each security at a moment. */
export const QuotesRecordedSchema = eventPayload(
  {
    exchange: ExchangeSchema,
    quotes: z.array(QuoteSchema).max(100000),
    parserVersion: ParserVersionSchema,
  },
  "One file's quote snapshots",
);
export type QuotesRecorded = z.infer<typeof QuotesRecordedSchema>;
