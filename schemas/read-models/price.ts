import { z } from 'zod';
import { DecimalStringSchema, ExchangeSchema, IsoDateTimeSchema } from '../common/primitives.ts';
import { PriceIntervalSchema } from '../common/vocabularies.ts';

const Price = (what: string) => DecimalStringSchema.describe(`${what}, in INR per share, exactly as published`);
const OptionalPrice = (what: string) =>
  DecimalStringSchema.nullable().describe(`${what}, in INR per share; null when the source does not state it`);

/** Where a record came from: every price can be traced to its file. */
const provenance = {
  known_at: IsoDateTimeSchema.describe(
    'When the source file was knowable: for a daily file the 15:30 IST close of its latest day, for intraday bars the end of its last bar, for quotes its latest snapshot time',
  ),
  recorded_at: IsoDateTimeSchema.describe('When this service recorded it'),
  source_url: z.string().nullable().describe('URL of the source file; null when it was ingested from a file without one'),
  source_document: z
    .string()
    .nullable()
    .describe('SHA-256 of the source file (the id of its source document); null when unknown'),
};

/** One OHLCV candle of one security, as read from an exchange file. */
export const CandleSchema = z
  .object({
    exchange: ExchangeSchema,
    ticker: z.string().describe('NSE symbol or BSE scrip code as the file states it (historical symbols are kept)'),
    series: z
      .string()
      .nullable()
      .describe('NSE series (EQ, BE, ...) or BSE group; null when the file does not state it (intraday bars)'),
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
    ...provenance,
  })
  .describe('An OHLCV price candle');
export type Candle = z.infer<typeof CandleSchema>;

/**
 * The latest price of a security: a quote snapshot, or, when no snapshot is newer than the
 * newest daily candle, that candle's close.
 */
export const QuoteSchema = z
  .object({
    exchange: ExchangeSchema,
    ticker: z.string().describe('NSE symbol or BSE scrip code the price was published under'),
    series: z.string().nullable().describe('NSE series or BSE group; null when not stated'),
    isin: z.string().nullable().describe('ISIN of the security when the source states it'),
    source: z
      .enum(['quote', 'candle'])
      .describe('quote: a quote snapshot; candle: built from the newest daily (1d) candle, whose close is the last price'),
    as_of: IsoDateTimeSchema.describe(
      'When the price was current: the snapshot time, or for a candle the 15:30 IST close of its trading day',
    ),
    last_price: Price('Last traded price (for a candle, its close)'),
    open: OptionalPrice('Opening price of the day'),
    high: OptionalPrice('Highest price of the day'),
    low: OptionalPrice('Lowest price of the day'),
    previous_close: OptionalPrice(
      'Previous close: as the snapshot states it, or for a candle the close of the candle before it in the data',
    ),
    previous_close_at: IsoDateTimeSchema.nullable().describe(
      'Start of the candle the previous close comes from (candle source only); a gap in the data shows here',
    ),
    change: DecimalStringSchema.nullable().describe(
      'last_price minus previous_close, exact; null without a previous close',
    ),
    change_percent: DecimalStringSchema.nullable().describe(
      'change as a percentage of previous_close (as the snapshot states it, or computed exactly and rounded half away from zero to 2 decimals); null without a previous close',
    ),
    volume: DecimalStringSchema.nullable().describe('Shares traded in the day; null when not stated'),
    value: DecimalStringSchema.nullable().describe('Traded value of the day in INR; null when not stated'),
    high_52: OptionalPrice('52-week high as the snapshot states it (null for a candle)'),
    low_52: OptionalPrice('52-week low as the snapshot states it (null for a candle)'),
    ...provenance,
  })
  .describe('The latest known price of a security');
export type Quote = z.infer<typeof QuoteSchema>;

/** How much price data the service holds, for the dataset index. */
export const PriceDatasetStatsSchema = z
  .object({
    rows: z.number().int().describe('Candles and quote snapshots stored'),
    latest_known_at: IsoDateTimeSchema.nullable().describe('Greatest known_at of any stored candle or quote; null when empty'),
    latest_recorded_at: IsoDateTimeSchema.nullable().describe('When this service last recorded price data; null when empty'),
  })
  .describe('Size and freshness of the price dataset');
export type PriceDatasetStats = z.infer<typeof PriceDatasetStatsSchema>;
