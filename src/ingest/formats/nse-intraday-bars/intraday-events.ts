import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { EventEmitter } from '#ingest/shared/parser';
import { pricesRecordedEvents } from '#ingest/shared/price-support';
import { aggregateBars, type TimedCandle } from './aggregate-bars.ts';
import { INTRADAY_MINUTES, type IntradayInterval } from './intraday-intervals.ts';
import type { Bar } from './read-bar.ts';

/**
 * The PricesRecorded events of each interval: the bars themselves, and each longer interval
 * built from them, each in parts of bounded size (pricesRecordedEvents). Every part of an
 * interval is known when the interval's last candle in the file had ended.
 */
export function intradayEvents(
  emitter: EventEmitter,
  parserVersion: number,
  bars: readonly Bar[],
  intervals: { native: IntradayInterval; derived: readonly IntradayInterval[] },
): { ok: true; events: NewEvent<DomainEvent>[] } | { ok: false; message: string } {
  const barMinutes = INTRADAY_MINUTES[intervals.native];
  const own: TimedCandle[] = bars.map((bar) => ({ candle: bar.candle, knownAtMs: bar.startMs + barMinutes * 60_000 }));
  const series: [IntradayInterval, TimedCandle[]][] = [
    [intervals.native, own],
    ...intervals.derived.map((i): [IntradayInterval, TimedCandle[]] => [i, aggregateBars(bars, INTRADAY_MINUTES[i], barMinutes)]),
  ];
  const events: NewEvent<DomainEvent>[] = [];
  for (const [interval, timed] of series) {
    if (timed.length === 0) continue;
    const knownAt = new Date(timed.reduce((max, t) => Math.max(max, t.knownAtMs), -Infinity)).toISOString();
    const emitted = pricesRecordedEvents(
      emitter,
      { exchange: 'NSE', interval, parserVersion },
      timed.map((t) => t.candle),
      knownAt,
    );
    if (!emitted.ok) return emitted;
    events.push(...emitted.events);
  }
  return { ok: true, events };
}
