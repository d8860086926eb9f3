import { describe, expect, it } from 'vitest';
import type { Candle } from '#schemas/read-models/price';
import { RELIANCE_6_JAN_2021_QUOTE } from '../../test/support/price-samples.ts';
import { chooseQuote, quoteFromCandle, quoteFromCandles, withAge } from './choose-quote.ts';
import { previousCloseOf } from './previous-close.ts';

const candle = (start: string, close: string, overrides: Partial<Candle> = {}): Candle => ({
  exchange: 'NSE',
  ticker: 'RELIANCE',
  series: 'EQ',
  isin: 'INE002A01018',
  interval: '1d',
  start,
  open: '1',
  high: '2',
  low: '0.5',
  close,
  volume: '100',
  value: null,
  trades: null,
  previous_close: null,
  derived: false,
  known_at: '2021-01-06T10:00:00.000Z',
  recorded_at: '2026-01-01T00:00:00.000Z',
  source_url: null,
  source_file: 'cm06JAN2021bhav.csv',
  source_document: 'abc',
  ...overrides,
});

const bar = (start: string, close: string) => candle(start, close, { interval: '5m', series: null, isin: null });
const snapshot = (asOf: string) => ({ as_of: asOf });

describe('quoteFromCandles', () => {
  it('compares the close against the previous close the file states, not the candle before it in the data', () => {
    const quote = quoteFromCandles([
      candle('2020-02-28T03:45:00.000Z', '1328.65'),
      candle('2021-01-06T03:45:00.000Z', '1914.25', { previous_close: '1966.1' }),
    ]);
    expect(quote).toMatchObject(RELIANCE_6_JAN_2021_QUOTE);
  });

  it('takes the candle before in the data when the file states none, and says how many weekdays lie between', () => {
    const quote = quoteFromCandles([candle('2020-02-28T03:45:00.000Z', '1328.65'), candle('2021-01-06T03:45:00.000Z', '1914.25')]);
    // 28 Feb 2020 (Fri) to 6 Jan 2021 (Wed): 222 weekdays between (2 Mar 2020 to 5 Jan 2021).
    expect(quote).toMatchObject({
      previous_close: '1328.65',
      previous_close_source: 'daily_candle',
      previous_close_at: '2020-02-28T03:45:00.000Z',
      previous_close_gap_weekdays: 222,
      change: '585.6',
      change_percent: '44.07',
    });
    const adjacent = quoteFromCandles([candle('2021-01-05T03:45:00.000Z', '1966.1'), candle('2021-01-06T03:45:00.000Z', '1914.25')]);
    expect(adjacent).toMatchObject({ previous_close_gap_weekdays: 0, change: '-51.85' });
  });

  it('has no previous close (not 0) when the data holds one candle, and nothing without candles', () => {
    expect(quoteFromCandles([candle('2021-01-06T03:45:00.000Z', '10')])).toMatchObject({
      previous_close: null,
      previous_close_source: null,
      change: null,
      change_percent: null,
    });
    expect(quoteFromCandles([])).toBeUndefined();
  });
});

describe('quoteFromCandle for a bar', () => {
  it('is the bar’s close at its end, the day so far, against the derived close of the day before', () => {
    const previous = previousCloseOf('2024-06-28', null, candle('2024-06-27T03:45:00.000Z', '1570', { derived: true, series: null }));
    const quote = quoteFromCandle(bar('2024-06-28T09:55:00.000Z', '1580'), previous, {
      open: '1571',
      high: '1590',
      low: '1560',
      volume: '900',
    });
    expect(quote).toMatchObject({
      source: 'bar',
      interval: '5m',
      as_of: '2024-06-28T10:00:00.000Z',
      last_price: '1580',
      open: '1571',
      high: '1590',
      low: '1560',
      volume: '900',
      value: null,
      previous_close: '1570',
      previous_close_source: 'derived_candle',
      previous_close_gap_weekdays: 0,
      change: '10',
    });
  });
});

describe('chooseQuote', () => {
  const daily = candle('2021-01-06T03:45:00.000Z', '10');

  it('prefers a snapshot taken at or after the newest daily close', () => {
    expect(chooseQuote({ snapshot: snapshot('2021-01-06T10:00:00.000Z'), daily })?.kind).toBe('snapshot');
    expect(chooseQuote({ snapshot: snapshot('2021-01-07T05:30:00.000Z'), daily })?.kind).toBe('snapshot');
  });

  it('prefers the close over a snapshot taken before it, even during that same day', () => {
    expect(chooseQuote({ snapshot: snapshot('2021-01-06T09:59:59.000Z'), daily })?.kind).toBe('daily');
  });

  it('takes a bar that ended after the newest daily close, and the daily close over a bar ending with it', () => {
    expect(chooseQuote({ daily, bar: bar('2024-06-28T09:55:00.000Z', '1') })?.kind).toBe('bar');
    expect(chooseQuote({ daily, bar: bar('2021-01-06T09:55:00.000Z', '1') })?.kind).toBe('daily');
    expect(chooseQuote({ snapshot: snapshot('2024-06-28T10:00:00.000Z'), bar: bar('2024-06-28T09:55:00.000Z', '1') })?.kind).toBe(
      'snapshot',
    );
  });

  it('uses whichever exists', () => {
    expect(chooseQuote({ snapshot: snapshot('2019-01-01T00:00:00.000Z') })?.kind).toBe('snapshot');
    expect(chooseQuote({ daily })?.kind).toBe('daily');
    expect(chooseQuote({})).toBeUndefined();
  });
});

describe('withAge', () => {
  it('is the whole seconds from as_of to the moment asked for', () => {
    const quote = quoteFromCandles([candle('2021-01-06T03:45:00.000Z', '10')])!;
    expect(withAge(quote, '2021-01-06T10:01:30.900Z').age_seconds).toBe(90);
    expect(withAge(quote, '2021-01-06T09:00:00.000Z').age_seconds).toBe(0);
  });
});
