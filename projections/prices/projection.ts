import type { DomainEventType } from '#schemas/events';
import type { Projection } from '#platform/projector';
import { type PreparedPrices, type PriceEvent, preparePrices } from './price-rows.ts';
import { CANDLES, createPriceTables, DAILY_FROM_BARS, LATEST_CANDLES, QUOTES } from './tables.ts';
import { writePrices } from './write-prices.ts';

const HANDLES = ['PricesRecorded', 'QuotesRecorded'] as const satisfies readonly DomainEventType[];

/**
 * Events per transaction. On PGlite one, so a transaction holds at most PRICE_PART_CANDLES
 * candles, not a hundred events' worth; two a transaction cost as much in all and held the
 * connection twice as long at a time (docs/prices.md, "Events of bounded size"). On a server,
 * whose readers do not wait for it, 20 (10,000 candles): the real corpus's 460,000 candles
 * projected in 12 s instead of 18.
 */
export const PRICE_EVENTS_PER_TRANSACTION = { pglite: 1, postgres: 20 } as const;

const prepare = (events: readonly unknown[]): PreparedPrices => preparePrices(events as readonly PriceEvent[]);

/**
 * Candles per (exchange, ticker, interval, start, series), the newest candle of each, quote
 * snapshots per (exchange, ticker, at, series), and daily candles built from each day's
 * 5-minute bars. The same candle delivered again is upserted; a version known later replaces
 * it (see `winner.ts`). Version 2: the previous close a daily file states, and the daily
 * candles from bars. Version 3: each row's own known_at (a candle's close, a bar's end, a
 * snapshot's time) beside its file's, and the file's name. Events come from schema version 2
 * (a file in parts) or version 1 (a file in one event), upcast: each candle is projected alike.
 */
export const pricesProjection: Projection = {
  name: 'prices',
  version: 3,
  handles: HANDLES,
  maxBatchSize: PRICE_EVENTS_PER_TRANSACTION,
  tables: [CANDLES, LATEST_CANDLES, QUOTES, DAILY_FROM_BARS],
  setup: createPriceTables,
  prepare,
  evolve: (tx, events, prepared) => writePrices(tx, (prepared as PreparedPrices | undefined) ?? prepare(events)),
};
