import { type DomainEvent, type Candle, PRICE_PART_CANDLES } from '#schemas/events';
import type { Exchange, PriceInterval } from '#schemas/common';
import type { NewEvent } from '#platform/event-store';
import type { EventEmitter } from '#ingest/shared/parser';
import { emitChecked } from '#ingest/shared/parse-support';

export type PricesEvents =
  { readonly ok: true; readonly events: readonly NewEvent<DomainEvent>[] } | { readonly ok: false; readonly message: string };

/**
 * The natural key of a part: the interval alone for a file in one part (the key, and so the
 * id, a version-1 event of the same file had), else the part and how many there are, so a
 * part never shares an id with a version-1 batch or with a part cut at another size.
 */
const partKey = (interval: PriceInterval, part: number, parts: number) => (parts === 1 ? interval : `${interval}:${part}/${parts}`);

export interface PricesTarget {
  readonly exchange: Exchange;
  readonly interval: PriceInterval;
  readonly parserVersion: number;
}

export type PricesEvent = { readonly ok: true; readonly event: NewEvent<DomainEvent> } | { readonly ok: false; readonly message: string };

/** Part `part` of `parts` of a file's candles of one interval (see pricesRecordedEvents). */
export function pricesRecordedEvent(
  emitter: EventEmitter,
  target: PricesTarget,
  candles: readonly Candle[],
  place: { readonly part: number; readonly parts: number },
  knownAt: string,
): PricesEvent {
  const { part, parts } = place;
  const data = { exchange: target.exchange, interval: target.interval, candles, part, parts, parserVersion: target.parserVersion };
  return emitChecked(emitter, 'PricesRecorded', data, partKey(target.interval, part, parts), knownAt);
}

/**
 * A file's candles of one interval as PricesRecorded events of at most `PRICE_PART_CANDLES`
 * candles each, in the file's order, numbered `part` 1 to `parts`. Every part is known when the
 * whole file is (`knownAt`), as one event for the file was: the read model orders versions of a
 * candle by it, and a row's own known_at comes from its candle (docs/prices.md, "knownAt").
 */
export function pricesRecordedEvents(
  emitter: EventEmitter,
  target: PricesTarget,
  candles: readonly Candle[],
  /** When the file's candles were all knowable. */
  knownAt: string,
  partCandles: number = PRICE_PART_CANDLES,
): PricesEvents {
  const events: NewEvent<DomainEvent>[] = [];
  const parts = Math.ceil(candles.length / partCandles);
  for (let part = 1; part <= parts; part++) {
    const slice = candles.slice((part - 1) * partCandles, part * partCandles);
    const emitted = pricesRecordedEvent(emitter, target, slice, { part, parts }, knownAt);
    if (!emitted.ok) return emitted;
    events.push(emitted.event);
  }
  return { ok: true, events };
}
