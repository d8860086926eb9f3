import type { DomainEvent } from '../../../../schemas/events/catalogue.ts';
import type { Candle } from '../../../../schemas/events/prices.ts';
import type { Exchange } from '../../../../schemas/common/primitives.ts';
import type { PriceInterval } from '../../../../schemas/common/vocabularies.ts';
import type { NewEvent } from '../../../platform/event-store/event-store.ts';
import type { EventEmitter } from '../event-emitter.ts';
import { emitChecked } from '../parse-support/validate-event-data.ts';

/** PricesRecordedSchema's limit on candles per event. */
export const MAX_CANDLES_PER_EVENT = 100_000;

export type PricesEvents =
  { readonly ok: true; readonly events: readonly NewEvent<DomainEvent>[] } | { readonly ok: false; readonly message: string };

/**
 * One PricesRecorded event for a file's candles of one interval. A file with more candles
 * than one event may hold (a year of 1-minute bars comes close) is split into consecutive
 * batches, each known when its own last candle is.
 */
export function pricesRecordedEvents(
  emitter: EventEmitter,
  target: { readonly exchange: Exchange; readonly interval: PriceInterval; readonly parserVersion: number },
  candles: readonly Candle[],
  /** When the candles from index `first` up to (not including) `end` were all knowable. */
  knownAtOf: (first: number, end: number) => string,
): PricesEvents {
  const events: NewEvent<DomainEvent>[] = [];
  const batches = Math.ceil(candles.length / MAX_CANDLES_PER_EVENT);
  for (let n = 0; n < batches; n++) {
    const first = n * MAX_CANDLES_PER_EVENT;
    const end = Math.min(candles.length, first + MAX_CANDLES_PER_EVENT);
    const batch = candles.slice(first, end);
    const key = batches === 1 ? target.interval : `${target.interval}:${n + 1}`;
    const data = { exchange: target.exchange, interval: target.interval, candles: batch, parserVersion: target.parserVersion };
    const emitted = emitChecked(emitter, 'PricesRecorded', data, key, knownAtOf(first, end));
    if (!emitted.ok) return emitted;
    events.push(emitted.event);
  }
  return { ok: true, events };
}
