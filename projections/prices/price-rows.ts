import type { Candle as EventCandle, PricesRecorded, Quote as EventQuote, QuotesRecorded } from '#schemas/events';
import type { PriceInterval } from '#schemas/common';
import type { StoredEvent } from '#platform/event-store';
import { candleKnownAt } from './candle-known-at.ts';
import { replaces, type Version } from './winner.ts';

export type PriceEvent = StoredEvent<{ type: 'PricesRecorded'; data: PricesRecorded } | { type: 'QuotesRecorded'; data: QuotesRecorded }>;

/**
 * What all rows of one event share; rows point at it by index instead of repeating it.
 * `file_known_at` is the event's knownAt, when its whole file was knowable: it orders the
 * versions of one candle (`winner.ts`). Each row's own `known_at` is its candle's or
 * snapshot's time, never later than the file's.
 */
export interface EventMeta {
  readonly exchange: string;
  readonly interval: PriceInterval | null;
  readonly file_known_at: string;
  readonly recorded_at: string;
  readonly source_url: string | null;
  readonly source_file: string | null;
  readonly source_document: string;
  readonly parser_version: number;
}

/** The rows of a batch, serialised for `jsonb_to_recordset`, a chunk per statement. */
export interface PreparedPrices {
  readonly meta: string;
  readonly candleChunks: readonly string[];
  readonly quoteChunks: readonly string[];
  /** The security-days whose 5-minute bars the batch holds: their daily candles from bars are rebuilt. */
  readonly barDayChunks: readonly string[];
  readonly candleCount: number;
  readonly quoteCount: number;
}

// One statement per this many rows: a file of 100,000 candles is ~25 MB of JSON at once otherwise.
export const ROWS_PER_STATEMENT = 10_000;

interface Held<T> {
  readonly version: Version;
  readonly m: number;
  readonly item: T;
  /** When this candle or snapshot itself was knowable. */
  readonly knownAt: string;
}

function metaOf(event: PriceEvent): EventMeta {
  return {
    exchange: event.data.exchange,
    interval: event.type === 'PricesRecorded' ? event.data.interval : null,
    file_known_at: event.metadata.knownAt,
    recorded_at: event.metadata.recordedAt,
    source_url: event.metadata.sourceUrl,
    source_file: event.metadata.sourceFile,
    source_document: event.metadata.sourceSha256 ?? '',
    parser_version: event.data.parserVersion,
  };
}

const versionOf = (meta: EventMeta): Version => ({
  knownAtMs: Date.parse(meta.file_known_at),
  sourceDocument: meta.source_document,
  parserVersion: meta.parser_version,
});

/** Keeps one version per key, the winner by `replaces`; an upsert must not touch a row twice. */
function keep<T>(held: Map<string, Held<T>>, key: string, next: Held<T>): void {
  const seen = held.get(key);
  if (!seen || replaces(next.version, seen.version)) held.set(key, next);
}

// The security a candle or quote is of; a missing series is '', as it is part of every key.
const securityOf = (item: EventCandle | EventQuote) => ({ ticker: item.ticker, series: item.series ?? '', isin: item.isin });

const candleRow = ({ m, item: c, knownAt }: Held<EventCandle>) => ({
  m,
  known_at: knownAt,
  ...securityOf(c),
  start: c.start,
  open: c.open,
  high: c.high,
  low: c.low,
  close: c.close,
  volume: c.volume,
  value: c.value,
  trades: c.trades,
  previous_close: c.previousClose ?? null,
});

const quoteRow = ({ m, item: q, knownAt }: Held<EventQuote>) => ({
  m,
  known_at: knownAt,
  ...securityOf(q),
  at: q.at,
  last_price: q.lastPrice,
  open: q.open,
  high: q.high,
  low: q.low,
  previous_close: q.previousClose,
  change: q.change,
  change_percent: q.changePercent,
  volume: q.volume,
  value: q.value,
  high_52: q.high52,
  low_52: q.low52,
});

/** The interval daily candles are built from: every bar file yields it (a 1-minute file too). */
export const BAR_INTERVAL = '5m';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The trading day (in India) a bar starting at `start` belongs to, YYYY-MM-DD. */
export const istDayOf = (start: string): string => new Date(Date.parse(start) + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * A row is never known after its file: the last hour of a session (15:15, holding bars to
 * 15:30) is complete when the file's last bar ends, not at 16:15.
 */
const notAfter = (own: string, file: string): string => (Date.parse(own) <= Date.parse(file) ? own : new Date(file).toISOString());

function chunks<T>(rows: readonly T[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT)));
  return out;
}

/**
 * Pure: a batch of price events as rows to upsert. Keys are compared on the instant, so
 * `+05:30` and `Z` spellings of one start are one candle.
 */
export function preparePrices(events: readonly PriceEvent[]): PreparedPrices {
  const metas: EventMeta[] = [];
  const candles = new Map<string, Held<EventCandle>>();
  const quotes = new Map<string, Held<EventQuote>>();
  const barDays = new Map<string, { exchange: string; ticker: string; series: string; day: string }>();
  for (const event of events) {
    const meta = metaOf(event);
    const m = metas.push(meta) - 1;
    const version = versionOf(meta);
    if (event.type === 'PricesRecorded') {
      const interval = event.data.interval;
      for (const c of event.data.candles) {
        const knownAt = notAfter(candleKnownAt({ start: c.start, interval }), meta.file_known_at);
        keep(candles, `${meta.exchange}|${c.ticker}|${interval}|${Date.parse(c.start)}|${c.series ?? ''}`, {
          version,
          m,
          item: c,
          knownAt,
        });
        if (meta.interval !== BAR_INTERVAL) continue;
        const day = { exchange: meta.exchange, ticker: c.ticker, series: c.series ?? '', day: istDayOf(c.start) };
        barDays.set(`${day.exchange}|${day.ticker}|${day.series}|${day.day}`, day);
      }
    } else {
      for (const q of event.data.quotes) {
        // A snapshot was knowable when it was taken; its file, at its newest snapshot.
        const knownAt = notAfter(new Date(q.at).toISOString(), meta.file_known_at);
        keep(quotes, `${meta.exchange}|${q.ticker}|${Date.parse(q.at)}|${q.series ?? ''}`, { version, m, item: q, knownAt });
      }
    }
  }
  return {
    meta: JSON.stringify(metas.map((meta, m) => ({ m, ...meta }))),
    candleChunks: chunks([...candles.values()].map(candleRow)),
    quoteChunks: chunks([...quotes.values()].map(quoteRow)),
    barDayChunks: chunks([...barDays.values()]),
    candleCount: candles.size,
    quoteCount: quotes.size,
  };
}
