import { describe, expect, it } from 'vitest';
import { type Candle, PRICE_PART_CANDLES, type PricesRecorded } from '#schemas/events/prices';
import { domainEventRegistry } from '#platform/event-store/domain-event-store';
import { createCompanyLookup } from '#ingest/shared/parser/company-lookup';
import { createEventEmitter } from '#ingest/shared/parser/event-emitter';
import { pricesV1Fixture } from '../../../../test/support/prices-v1-fixture.ts';
import { pricesRecordedEvents } from './prices-recorded-events.ts';

// RELIANCE's 2000-2020 daily history (sample-data/prices/daily/RELIANCE.csv): 5017 real candles, and the
// version-1 event the nse-daily-history parser (version 3) made of them before files were split.
const fixture = pricesV1Fixture('RELIANCE-daily');
const [v1] = fixture.events;
if (!v1) throw new Error('the fixture holds no event');
const CANDLES: readonly Candle[] = v1.data.candles;
const FILE_KNOWN_AT = '2020-02-28T10:00:00.000Z'; // 15:30 IST on 28 Feb 2020, the file's last day

const emitter = () =>
  createEventEmitter(
    { ...fixture.input, bytes: new Uint8Array(), companies: createCompanyLookup() },
    { format: fixture.format, parserVersion: fixture.parserVersion, source: 'nse' },
  );
const TARGET = { exchange: 'NSE', interval: '1d', parserVersion: fixture.parserVersion } as const;

function split(candles: readonly Candle[], partCandles?: number) {
  const result = pricesRecordedEvents(emitter(), TARGET, candles, FILE_KNOWN_AT, partCandles);
  if (!result.ok) throw new Error(result.message);
  return result.events;
}
const dataOf = (events: ReturnType<typeof split>) => events.map((event) => event.data as PricesRecorded);

describe('pricesRecordedEvents: a file in parts of bounded size', () => {
  it(`cuts the file's 5017 candles into parts of at most ${PRICE_PART_CANDLES}, in the file's order`, () => {
    const parts = dataOf(split(CANDLES));
    expect(PRICE_PART_CANDLES).toBe(500);
    expect(parts.map((p) => p.candles.length)).toEqual([...Array<number>(10).fill(500), 17]);
    expect(parts.flatMap((p) => p.candles)).toEqual(CANDLES);
    // The first part starts with the file's first day, the last ends with its last.
    expect(parts[0]?.candles[0]?.start).toBe('2000-01-03T03:45:00.000Z');
    expect(parts.at(-1)?.candles.at(-1)).toMatchObject({ start: '2020-02-28T03:45:00.000Z', close: '1328.65' });
  });

  it('numbers the parts 1 to parts, and every part says how many there are', () => {
    const parts = dataOf(split(CANDLES));
    expect(parts.map((p) => [p.part, p.parts])).toEqual(Array.from({ length: 11 }, (_, i) => [i + 1, 11]));
    expect(parts.every((p) => p.exchange === 'NSE' && p.interval === '1d' && p.parserVersion === 3)).toBe(true);
  });

  it('makes one part of a file of exactly the bound, two of one candle more, none of no candles', () => {
    expect(dataOf(split(CANDLES.slice(0, 500))).map((p) => [p.part, p.parts, p.candles.length])).toEqual([[1, 1, 500]]);
    expect(dataOf(split(CANDLES.slice(0, 501))).map((p) => [p.part, p.parts, p.candles.length])).toEqual([
      [1, 2, 500],
      [2, 2, 1],
    ]);
    expect(dataOf(split(CANDLES.slice(0, 1000))).map((p) => p.candles.length)).toEqual([500, 500]);
    expect(split([])).toEqual([]);
  });

  it('cuts at any size it is given, the last part holding what is left', () => {
    const parts = dataOf(split(CANDLES.slice(0, 7), 3));
    expect(parts.map((p) => [p.part, p.parts, p.candles.map((c) => c.start.slice(0, 10))])).toEqual([
      [1, 3, ['2000-01-03', '2000-01-04', '2000-01-05']],
      [2, 3, ['2000-01-06', '2000-01-07', '2000-01-10']],
      [3, 3, ['2000-01-11']],
    ]);
  });

  it("knows every part when the whole file is known, as the file's one event was", () => {
    const events = split(CANDLES);
    expect(events.map((event) => event.metadata.knownAt)).toEqual(Array(11).fill(FILE_KNOWN_AT));
    expect(v1.metadata.knownAt).toBe(FILE_KNOWN_AT);
    // Part 1 ends with line 501 (2002-01-02), yet is known when the file is: a row's own known_at is its candle's close,
    // which the projection derives from the candle, whichever event holds it.
    expect(dataOf(events)[0]?.candles.at(-1)?.start).toBe('2002-01-02T03:45:00.000Z');
  });

  it('gives the same ids each time, a different one to each part', () => {
    const ids = split(CANDLES).map((event) => event.id);
    expect(split(CANDLES).map((event) => event.id)).toEqual(ids);
    expect(new Set(ids).size).toBe(11);
    expect(ids).not.toContain(v1.id);
  });

  it('keeps the id a version-1 event of the same file had, for a file in one part', () => {
    // The same bytes' first 500 candles in one part: the natural key is the interval alone, as in version 1.
    const [one] = split(CANDLES.slice(0, 500));
    expect(one?.id).toBe(v1.id);
  });

  it('names the parts by the interval, the part and the number of parts', () => {
    const expected = (key: string) => emitter().emit('PricesRecorded', dataOf(split(CANDLES))[0] as PricesRecorded, key).id;
    expect(split(CANDLES)[0]?.id).toBe(expected('1d:1/11'));
  });

  it('gives parts the store accepts', () => {
    for (const event of split(CANDLES)) expect(() => domainEventRegistry.parse(event.type, event.data)).not.toThrow();
  });

  it('says why a part cannot be emitted instead of throwing', () => {
    const bad = [...CANDLES.slice(0, 3), { ...CANDLES[3], ticker: '' } as Candle];
    const result = pricesRecordedEvents(emitter(), TARGET, bad, FILE_KNOWN_AT, 2);
    expect(result).toEqual({ ok: false, message: expect.stringContaining('PricesRecorded would be invalid: candles.1.ticker') });
  });
});
