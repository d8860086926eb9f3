import { describe, expect, it } from 'vitest';
import type { Candle } from '#schemas/events/prices';
import { type PriceEvent, preparePrices, ROWS_PER_STATEMENT } from './price-rows.ts';
import { replaces } from './winner.ts';

let position = 0;
function recorded(candles: Candle[], knownAt: string, sha: string, parserVersion = 1): PriceEvent {
  position += 1;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type: 'PricesRecorded',
    data: { exchange: 'NSE', interval: '1d', candles, part: 1, parts: 1, parserVersion },
    streamId: `prices-NSE-1d-${sha}`,
    streamVersion: 1,
    position,
    schemaVersion: 2,
    metadata: {
      knownAt,
      recordedAt: '2026-01-01T00:00:00.000Z',
      source: 'nse',
      sourceUrl: null,
      sourceFile: 'x.csv',
      sourceSha256: sha.padEnd(64, '0'),
    },
  };
}

const candle = (start: string, close: string, series: string | null = 'EQ'): Candle => ({
  ticker: 'RELIANCE',
  series,
  isin: null,
  start,
  open: close,
  high: close,
  low: close,
  close,
  volume: null,
  value: null,
  trades: null,
});

const closes = (events: PriceEvent[]) =>
  preparePrices(events).candleChunks.flatMap((chunk) => (JSON.parse(chunk) as Array<{ close: string }>).map((row) => row.close));

describe('preparePrices', () => {
  it('keeps one row per candle key: the version known later, whatever the order of the events', () => {
    const early = recorded([candle('2021-01-06T03:45:00.000Z', '1')], '2021-01-06T10:00:00.000Z', 'a');
    const late = recorded([candle('2021-01-06T09:15:00+05:30', '2')], '2021-01-07T10:00:00.000Z', 'b');
    expect(closes([early, late])).toEqual(['2']);
    expect(closes([late, early])).toEqual(['2']);
  });

  it('breaks a tie of known_at by source hash, then parser version, so order never matters', () => {
    const a = recorded([candle('2021-01-06T03:45:00.000Z', '1')], '2021-01-06T10:00:00.000Z', 'a');
    const b = recorded([candle('2021-01-06T03:45:00.000Z', '2')], '2021-01-06T10:00:00.000Z', 'b');
    expect(closes([a, b])).toEqual(['2']);
    expect(closes([b, a])).toEqual(['2']);
    const reparsed = recorded([candle('2021-01-06T03:45:00.000Z', '3')], '2021-01-06T10:00:00.000Z', 'a', 2);
    expect(closes([reparsed, a])).toEqual(['3']);
  });

  it('keeps series apart: a bond under the company symbol is another candle', () => {
    const event = recorded(
      [candle('2021-01-06T03:45:00.000Z', '1'), candle('2021-01-06T03:45:00.000Z', '2', 'N2')],
      '2021-01-06T10:00:00.000Z',
      'a',
    );
    expect(closes([event])).toEqual(['1', '2']);
  });

  it('splits large batches into statements and points rows at their event', () => {
    const many = Array.from({ length: ROWS_PER_STATEMENT + 1 }, (_, i) =>
      candle(new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(), '1'),
    );
    const prepared = preparePrices([recorded(many, '2021-01-06T10:00:00.000Z', 'a')]);
    expect(prepared.candleChunks).toHaveLength(2);
    expect(prepared.candleCount).toBe(ROWS_PER_STATEMENT + 1);
    expect(JSON.parse(prepared.meta)).toEqual([
      expect.objectContaining({
        m: 0,
        exchange: 'NSE',
        interval: '1d',
        file_known_at: '2021-01-06T10:00:00.000Z',
        source_file: 'x.csv',
        parser_version: 1,
      }),
    ]);
  });
});

describe('replaces', () => {
  it('is a total order: exactly one of two different versions replaces the other, and a version replaces itself', () => {
    const v = (knownAtMs: number, sourceDocument: string, parserVersion: number) => ({ knownAtMs, sourceDocument, parserVersion });
    const versions = [v(1, 'a', 1), v(1, 'a', 2), v(1, 'b', 1), v(2, 'a', 1)];
    for (const x of versions) {
      expect(replaces(x, x)).toBe(true);
      for (const y of versions) if (x !== y) expect(replaces(x, y)).not.toBe(replaces(y, x));
    }
  });
});
