import { z } from 'zod';
import {
  DecimalStringSchema,
  ExchangeSchema,
  IsoDateTimeSchema,
  RecordedAtSchema,
  PriceIntervalSchema,
  recordedDatasetStatsSchema,
} from '#schemas/common';

const Price = (what: string) => DecimalStringSchema.describe(`${what}, in INR per share, exactly as published`);
const OptionalPrice = (what: string) =>
  DecimalStringSchema.nullable().describe(`${what}, in INR per share; null when the source does not state it`);

/** Where a record came from, and when it was knowable: every price can be traced to its file. */
const provenance = {
  known_at: IsoDateTimeSchema.describe(
    "When this price itself was knowable, whatever file it arrived in: a daily candle at its day's 15:30 IST close, an intraday bar at its end (start + interval), a daily candle built from bars at its last bar's end, a quote snapshot when it was taken. Never after the as_of that selected it",
  ),
  recorded_at: RecordedAtSchema,
  source_url: z
    .string()
    .nullable()
    .describe(
      "URL of the source file: the one it was delivered from, else where the exchange publishes that day's file (a bhavcopy's archive URL, from the format and the trading day the file states); null when unknown",
    ),
  source_file: z.string().nullable().describe('File name of the source file as it was received; null when not recorded'),
  source_document: z.string().nullable().describe('SHA-256 of the source file (the id of its source document); null when unknown'),
};

/** One OHLCV candle of one security, as read from an exchange file. */
export const CandleSchema = z
  .object({
    exchange: ExchangeSchema,
    ticker: z.string().describe('NSE symbol or BSE scrip code as the file states it (historical symbols are kept)'),
    series: z.string().nullable().describe('NSE series (EQ, BE, ...) or BSE group; null when the file does not state it (intraday bars)'),
    isin: z.string().nullable().describe('ISIN of the security when the file states it'),
    interval: PriceIntervalSchema,
    start: IsoDateTimeSchema.describe('Start of the candle (a daily candle starts at 09:15 IST of its trading day)'),
    open: Price('Opening price'),
    high: Price('Highest price'),
    low: Price('Lowest price'),
    close: Price('Closing price (for 1d, the official closing price)'),
    volume: DecimalStringSchema.nullable().describe('Shares traded; null when the file does not state it'),
    value: DecimalStringSchema.nullable().describe('Traded value in INR; null when the file does not state it'),
    trades: z.number().int().nullable().describe('Number of trades; null when the file does not state it'),
    previous_close: DecimalStringSchema.nullable().describe(
      "The previous close the daily file states beside this candle (a bhavcopy's PREVCLOSE), the base of the exchange's own change for the day; null when the file states none (intraday bars, derived candles, files read before the service read it)",
    ),
    derived: z
      .boolean()
      .describe(
        "true for a daily candle built from the day's 5-minute bars because no daily file covers the day: open of the first bar, highest high, lowest low, close of the last bar (not NSE's official closing price), summed volume; value and trades null; known_at is its last bar's end, the source the newest bar file's. false for a candle read from a file or built from bars of a shorter interval",
      ),
    ...provenance,
  })
  .describe('An OHLCV price candle');
export type Candle = z.infer<typeof CandleSchema>;

/**
 * The latest price of a security: the newest of a quote snapshot, a daily candle's close and
 * an intraday bar's close, with the previous close it is compared against.
 */
export const QuoteSchema = z
  .object({
    exchange: ExchangeSchema,
    ticker: z.string().describe('NSE symbol or BSE scrip code the price was published under'),
    series: z.string().nullable().describe('NSE series or BSE group; null when not stated (intraday bars)'),
    isin: z.string().nullable().describe('ISIN of the security when the source states it'),
    source: z
      .enum(['quote', 'candle', 'bar'])
      .describe(
        "Where the price is from, the newest of the three: quote, a quote snapshot; candle, the close of a daily (1d) candle from a daily file; bar, the close of the newest intraday bar (open, high, low and volume are then the day's so far, from its bars)",
      ),
    interval: PriceIntervalSchema.nullable().describe(
      'Interval of the candle or bar the price is from (1d, or 5m/1m for a bar); null for a snapshot',
    ),
    as_of: IsoDateTimeSchema.describe("When the price was current: the snapshot time, a daily candle's 15:30 IST close, or a bar's end"),
    age_seconds: z
      .number()
      .int()
      .describe(
        "Seconds from as_of to the moment the quote was asked for (the request's as_of, else the time of the request): how old the price is",
      ),
    last_price: Price('Last traded price (for a candle or bar, its close)'),
    open: OptionalPrice('Opening price of the day'),
    high: OptionalPrice('Highest price of the day (so far, for a bar)'),
    low: OptionalPrice('Lowest price of the day (so far, for a bar)'),
    previous_close: OptionalPrice(
      "Previous close: as the source states it (a snapshot's, or the daily file's PREVCLOSE), else the close of this security's newest daily candle before the price's day",
    ),
    previous_close_source: z
      .enum(['stated', 'daily_candle', 'derived_candle'])
      .nullable()
      .describe(
        "stated: the snapshot or daily file states it; daily_candle: the close of the newest earlier daily candle in the data; derived_candle: the same from a daily candle built from 5-minute bars (its close is the last bar's, not NSE's official close); null without a previous close",
      ),
    previous_close_at: IsoDateTimeSchema.nullable().describe(
      'Start of the daily candle the previous close is taken from (daily_candle, derived_candle); null when stated by the source',
    ),
    previous_close_gap_weekdays: z
      .number()
      .int()
      .nullable()
      .describe(
        "Weekdays strictly between the previous close's day and the price's day (daily_candle, derived_candle): 0 when it is the session just before; more means holidays or sessions missing from the data (the service holds no exchange calendar), so the change may span several sessions. Null when stated by the source",
      ),
    change: DecimalStringSchema.nullable().describe('last_price minus previous_close, exact; null without a previous close'),
    change_percent: DecimalStringSchema.nullable().describe(
      'change as a percentage of previous_close (as the snapshot states it, or computed exactly and rounded half away from zero to 2 decimals); null without a previous close',
    ),
    volume: DecimalStringSchema.nullable().describe('Shares traded in the day (so far, for a bar); null when not stated'),
    value: DecimalStringSchema.nullable().describe('Traded value of the day in INR; null when not stated (bars state none)'),
    high_52: OptionalPrice('52-week high as the snapshot states it (null for a candle or bar)'),
    low_52: OptionalPrice('52-week low as the snapshot states it (null for a candle or bar)'),
    ...provenance,
  })
  .describe('The latest known price of a security');
export type Quote = z.infer<typeof QuoteSchema>;

/** How much price data the service holds, for the dataset index. */
export const PriceDatasetStatsSchema = recordedDatasetStatsSchema(
  {
    rows: 'Candles and quote snapshots stored',
    latest_known_at: 'Greatest known_at of any stored candle or quote; null when empty',
    latest_recorded_at: 'When this service last recorded price data; null when empty',
  },
  'Size and freshness of the price dataset',
);
export type PriceDatasetStats = z.infer<typeof PriceDatasetStatsSchema>;
