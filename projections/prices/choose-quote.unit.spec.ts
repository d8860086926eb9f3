import { describe, expect, it } from 'vitest';
import type { Candle, Quote } from '../../schemas/read-models/price.ts';
import { chooseQuote, dailyCloseAt, quoteFromCandles } from './choose-quote.ts';

const candle = (start: string, close: string): Candle => ({
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
  known_at: '2021-01-06T10:00:00.000Z',
  recorded_at: '2026-01-01T00:00:00.000Z',
  source_url: null,
  source_document: 'abc',
});

const snapshot = (asOf: string): Quote => ({
  ...quoteFromCandles([candle('2021-01-05T03:45:00.000Z', '5')])!,
  source: 'quote',
  as_of: asOf,
  last_price: '7',
});

describe('dailyCloseAt', () => {
  it('is 15:30 IST of the trading day of a candle starting 09:15 IST', () => {
    expect(dailyCloseAt({ start: '2021-01-06T03:45:00.000Z' })).toBe('2021-01-06T10:00:00.000Z');
  });
});

describe('quoteFromCandles', () => {
  it('takes the newest close as the last price and the candle before it as the previous close', () => {
    const quote = quoteFromCandles([candle('2021-01-05T03:45:00.000Z', '1966.1'), candle('2021-01-06T03:45:00.000Z', '1914.25')]);
    expect(quote).toMatchObject({
      source: 'candle',
      as_of: '2021-01-06T10:00:00.000Z',
      last_price: '1914.25',
      previous_close: '1966.1',
      previous_close_at: '2021-01-05T03:45:00.000Z',
      change: '-51.85',
      change_percent: '-2.64',
      high_52: null,
    });
  });

  it('has no previous close (not 0) when the data holds one candle, and nothing without candles', () => {
    expect(quoteFromCandles([candle('2021-01-06T03:45:00.000Z', '10')])).toMatchObject({
      previous_close: null,
      change: null,
      change_percent: null,
    });
    expect(quoteFromCandles([])).toBeUndefined();
  });
});

describe('chooseQuote', () => {
  const candles = [candle('2021-01-06T03:45:00.000Z', '10')];

  it('prefers a snapshot taken at or after the newest daily close', () => {
    expect(chooseQuote(snapshot('2021-01-06T10:00:00.000Z'), candles)?.source).toBe('quote');
    expect(chooseQuote(snapshot('2021-01-07T05:30:00.000Z'), candles)?.source).toBe('quote');
  });

  it('prefers the close over a snapshot taken before it, even during that same day', () => {
    expect(chooseQuote(snapshot('2021-01-06T09:59:59.000Z'), candles)?.source).toBe('candle');
  });

  it('uses whichever exists', () => {
    expect(chooseQuote(snapshot('2019-01-01T00:00:00.000Z'), [])?.source).toBe('quote');
    expect(chooseQuote(undefined, candles)?.source).toBe('candle');
    expect(chooseQuote(undefined, [])).toBeUndefined();
  });
});
