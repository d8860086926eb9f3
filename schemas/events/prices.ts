import { z } from 'zod';
import { DecimalStringSchema, ExchangeSchema, IsinSchema, IsoDateTimeSchema, PriceIntervalSchema } from '#schemas/common';
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

/** The most candles any PricesRecorded event may hold, of either schema version. */
export const MAX_CANDLES_PER_EVENT = 100_000;

/**
 * The most candles a parser puts in one PricesRecorded event since schema version 2, so that
 * appending or projecting one event holds embedded PGlite's one connection only briefly
 * (docs/prices.md, "Events of bounded size", gives the measurements). A policy of the
 * writers, not a limit of the schema: changing it changes the events (and ids) of files
 * larger than it, never the rows they project to.
 */
export const PRICE_PART_CANDLES = 500;

/**
 * Schema version 1, as stores written before version 2 hold it: one file's candles of one
 * interval in one event (a file beyond 100,000 candles in consecutive batches). Never edited;
 * read through `upcastPricesRecordedV1`.
 */
export const PricesRecordedV1Schema = eventPayload(
  {
    exchange: ExchangeSchema,
    interval: PriceIntervalSchema,
    candles: z.array(CandleSchema).max(MAX_CANDLES_PER_EVENT),
    parserVersion: ParserVersionSchema,
  },
  "One file's candles of one interval",
);
export type PricesRecordedV1 = z.infer<typeof PricesRecordedV1Schema>;

/**
 * Schema version 2: one part of a file's candles of one interval, in the file's order. Parsers
 * write a file in parts of at most `PRICE_PART_CANDLES` candles, so appending or projecting
 * one event is short.
 * The schema's own limit stays 100,000: a version-1 event, upcast, is part 1 of 1 holding a
 * whole file, and is still a valid payload wherever an upcast event is checked again (the
 * KurrentDB forwarder appends what it reads).
 */
export const PricesRecordedSchema = eventPayload(
  {
    exchange: ExchangeSchema,
    interval: PriceIntervalSchema,
    candles: z.array(CandleSchema).max(MAX_CANDLES_PER_EVENT),
    part: z.number().int().positive().describe("Which part of the file's candles of this interval the event holds, counted from 1"),
    parts: z
      .number()
      .int()
      .positive()
      .describe("How many parts the file's candles of this interval were recorded in; 1 when one event holds them all"),
    parserVersion: ParserVersionSchema,
  },
  "One part of one file's candles of one interval (the whole of them when parts is 1)",
).refine((data) => data.part <= data.parts, { message: 'part must not exceed parts', path: ['part'] });
export type PricesRecorded = z.infer<typeof PricesRecordedSchema>;

/**
 * Lifts a version-1 payload to version 2. A version-1 event held its file's candles of one
 * interval, so it is part 1 of 1; its candles are left as they are, however many (the
 * payload was checked when it was appended, and a reader must not pay for checking it again).
 */
export function upcastPricesRecordedV1(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  return { ...data, part: 1, parts: 1 };
}

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
