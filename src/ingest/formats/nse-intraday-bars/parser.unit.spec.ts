import { describe, expect, it } from 'vitest';
import { fixture, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid } from '../../../../test/support/parser-spec-kit.ts';
import { candlesIn, expectReading, fixtureText, parserSpec, type InputOverrides } from '../../../../test/support/parser-specs.ts';
import { parseAgain, pricesV1Fixture } from '../../../../test/support/prices-v1-fixture.ts';
import { nseIntradayBarsParser as parser } from './parser.ts';

const RELIANCE = 'nse-intraday-bars/RELIANCE.csv';
const ONE_MINUTE = 'nse-intraday-bars/constructed-1m.csv';
const spec = parserSpec(parser);
const parse = (bytes: Uint8Array | string, overrides: InputOverrides = { fileName: 'RELIANCE.csv' }) => spec.parse(bytes, overrides);
const intervalsOf = (outcome: ReturnType<typeof parse>) =>
  Object.fromEntries(dataOf(outcome, 'PricesRecorded').map((event) => [event.interval, event.candles]));
const reliance = () => intervalsOf(parse(fixture(RELIANCE)));
const at = (candles: { start: string }[] | undefined, start: string) => candles?.find((c) => c.start === start);

describe('nse-intraday-bars', () => {
  it('gives 5m candles and 15m, 30m, 1h built from them, one event per interval, no 1m', () => {
    const outcome = parse(fixture(RELIANCE));
    expectReading(outcome, { valid: true, rows: 303 });
    const events = dataOf(outcome, 'PricesRecorded');
    expect(events.map((e) => [e.exchange, e.interval, e.candles.length])).toEqual([
      ['NSE', '5m', 228], // 75 + 66 + 75 + 12 bars, the repeated session once
      ['NSE', '15m', 76], // 25 a full session, 22 from 10:00 on 2023-07-20, 4 Muhurat
      ['NSE', '30m', 40],
      ['NSE', '1h', 22],
    ]);
  });

  it('reads a 5-minute bar as the file states it, start = the bar’s own start', () => {
    // Line 2: 2023-07-03 09:15:00+05:30,2438.35,2443.3,2435.75,2442.25,105325
    expect(reliance()['5m']?.[0]).toEqual({
      ticker: 'RELIANCE',
      series: null,
      isin: null,
      start: '2023-07-03T03:45:00.000Z',
      open: '2438.35',
      high: '2443.3',
      low: '2435.75',
      close: '2442.25',
      volume: '105325',
      value: null,
      trades: null,
    });
  });

  it('builds longer candles from the bars: first open, highest high, lowest low, last close, summed volume', () => {
    const candles = reliance();
    // Lines 2-4 (09:15, 09:20, 09:25): open 2438.35 (line 2), high 2443.3 (line 2), low 2435.75 (line 2),
    // close 2442.05 (line 4), volume 105325 + 41613 + 47793.
    expect(at(candles['15m'], '2023-07-03T03:45:00.000Z')).toMatchObject({
      open: '2438.35',
      high: '2443.3',
      low: '2435.75',
      close: '2442.05',
      volume: '194731',
    });
    // Lines 2-13 (09:15 to 10:10): high 2451.55 (line 6, 09:35), close 2446.6 (line 13), volume summed over 12 bars.
    expect(at(candles['1h'], '2023-07-03T03:45:00.000Z')).toMatchObject({
      open: '2438.35',
      high: '2451.55',
      low: '2435.75',
      close: '2446.6',
      volume: '708126',
    });
    // The last hour bucket, 15:15 IST, holds the session's last three bars (lines 74-76).
    expect(at(candles['1h'], '2023-07-03T09:45:00.000Z')).toMatchObject({
      open: '2491.6',
      high: '2497.4',
      low: '2490.7',
      close: '2491.65',
      volume: '641628',
    });
  });

  it('emits a bucket with missing bars from the bars present', () => {
    // 2023-07-20: RELIANCE traded from 10:00 (Jio Financial demerger). The 30m bucket from 09:45 IST holds
    // only the 10:00, 10:05 and 10:10 bars (lines 77-79).
    expect(at(reliance()['30m'], '2023-07-20T04:15:00.000Z')).toMatchObject({
      open: '2599.0',
      high: '2630.0',
      low: '2584.0',
      close: '2616.35',
      volume: '5709473',
    });
    // The Muhurat session (2023-11-12 18:15-19:10, lines 293-304) sits on the same grid: one 1h candle from 18:15.
    expect(at(reliance()['1h'], '2023-11-12T12:45:00.000Z')).toMatchObject({
      open: '2326.05',
      high: '2332.0',
      low: '2322.7',
      close: '2330.9',
      volume: '685748',
    });
  });

  it('is known when its last bar ended', () => {
    // The last bar starts 2023-11-12 19:10 IST (line 304) and ends 19:15 IST.
    expect(parse(fixture(RELIANCE)).events.map((e) => e.metadata.knownAt)).toEqual(Array(4).fill('2023-11-12T13:45:00.000Z'));
  });

  describe('a file larger than one event: the first 30 sessions of the sample’s INFY.csv (2250 bars)', () => {
    const v1 = pricesV1Fixture('INFY-intraday-30-sessions');
    const infy = () => parseAgain(v1);

    it('records each interval in parts of at most 500 candles, in order', () => {
      const outcome = infy();
      expectEveryEventValid(outcome);
      expect(dataOf(outcome, 'PricesRecorded').map((e) => [e.interval, e.part, e.parts, e.candles.length])).toEqual([
        ['5m', 1, 5, 500],
        ['5m', 2, 5, 500],
        ['5m', 3, 5, 500],
        ['5m', 4, 5, 500],
        ['5m', 5, 5, 250],
        ['15m', 1, 2, 500],
        ['15m', 2, 2, 250],
        ['30m', 1, 1, 390], // 13 a session
        ['1h', 1, 1, 210], // 7 a session
      ]);
      // Part 1 of the 5-minute bars ends inside a session: line 501, 2023-07-11 13:20 IST, the seventh session's 50th bar.
      expect(dataOf(outcome, 'PricesRecorded')[0]?.candles.at(-1)?.start).toBe('2023-07-11T07:50:00.000Z');
    });

    it('knows every part when the file’s last bar had ended', () => {
      // Line 2251: 2023-08-11 15:25:00+05:30, the last bar, ending 15:30 IST.
      expect(infy().events.map((e) => e.metadata.knownAt)).toEqual(Array(9).fill('2023-08-11T10:00:00.000Z'));
    });

    it('holds the candles the file’s version-1 events held, interval by interval', () => {
      const now = dataOf(infy(), 'PricesRecorded');
      for (const { data } of v1.events) {
        expect(now.filter((e) => e.interval === data.interval).flatMap((e) => e.candles)).toEqual(data.candles);
      }
    });

    it('gives the same ids each time; an interval in one part keeps the id its version-1 event had', () => {
      const ids = infy().events.map((e) => e.id);
      expect(infy().events.map((e) => e.id)).toEqual(ids);
      expect(new Set(ids).size).toBe(9);
      const v1Ids = new Map(v1.events.map((e) => [e.data.interval, e.id]));
      expect(ids.slice(7)).toEqual([v1Ids.get('30m'), v1Ids.get('1h')]);
      expect(ids.slice(0, 7).filter((id) => [...v1Ids.values()].includes(id))).toEqual([]);
    });
  });

  it('drops a session the file repeats verbatim, with one problem for it', () => {
    expect(parse(fixture(RELIANCE)).problems).toEqual([
      { where: 'line 218 (RELIANCE)', message: '75 rows from here repeat bars of 2023-10-09 (lines 143-217) exactly; dropped' },
    ]);
  });

  it('keeps a 09:15 bar whose open (the pre-open auction price) lies below its low', () => {
    // HDFCBANK.csv line 2: 2024-06-25 09:15:00+05:30,1671.1,1687.6,1674.85,1687.5,900720
    const candles = intervalsOf(parse(fixture('nse-intraday-bars/HDFCBANK.csv'), { fileName: 'HDFCBANK.csv' }));
    expect(candles['5m']?.[0]).toMatchObject({ ticker: 'HDFCBANK', open: '1671.1', low: '1674.85' });
    expect(candles['1h']?.[0]).toMatchObject({ open: '1671.1' });
  });

  describe('a 1-minute file (constructed)', () => {
    const oneMinute = () => parse(fixture(ONE_MINUTE), { fileName: 'constructed-1m.csv', attributes: { symbol: 'INFY' } });

    it('gives 1m candles too, and every longer interval', () => {
      const outcome = oneMinute();
      expectEveryEventValid(outcome);
      expect(outcome.problems).toEqual([]);
      expect(dataOf(outcome, 'PricesRecorded').map((e) => [e.interval, e.candles.length])).toEqual([
        ['1m', 33],
        ['5m', 7],
        ['15m', 3],
        ['30m', 2],
        ['1h', 2],
      ]);
    });

    it('aggregates exactly, keeping the text of the prices', () => {
      const candles = intervalsOf(oneMinute());
      // Line 2: 2024-01-01 09:15:00+05:30,1500.00,1502.50,1498.75,1501.00,100
      expect(candles['1m']?.[0]).toMatchObject({ ticker: 'INFY', start: '2024-01-01T03:45:00.000Z', open: '1500.00', volume: '100' });
      // Lines 2-6 (09:15-09:19): high 1506.50 (line 6), low 1498.75 (line 2), close 1505.00 (line 6), volume 100+...+500.
      expect(candles['5m']?.[0]).toMatchObject({ open: '1500.00', high: '1506.50', low: '1498.75', close: '1505.00', volume: '1500' });
      // Lines 2-31 (09:15-09:44): the 30m and the 1h candle hold the same 30 bars; volume 100 x (1 + ... + 30).
      for (const interval of ['30m', '1h']) {
        expect(candles[interval]?.[0]).toMatchObject({
          open: '1500.00',
          high: '1531.50',
          low: '1498.75',
          close: '1530.00',
          volume: '46500',
        });
      }
      // Lines 32-34: 2 Jan has 09:15, 09:16 and 09:18; the 09:15 5m bucket is built from those three.
      expect(at(candles['5m'], '2024-01-02T03:45:00.000Z')).toMatchObject({
        open: '1600.00',
        high: '1603.25',
        low: '1597.05',
        close: '1598.00',
        volume: '60',
      });
    });

    it('is known when its last bar ended', () => {
      // Line 34: 2024-01-02 09:18 IST, so 09:19 IST.
      expect(oneMinute().events.map((e) => e.metadata.knownAt)).toEqual(Array(5).fill('2024-01-02T03:49:00.000Z'));
    });
  });

  it('takes the symbol from a zip entry name', () => {
    expect(reliance()['5m']?.[0]?.ticker).toBe('RELIANCE');
    const outcome = parse(fixture(ONE_MINUTE), { fileName: 'nse_5min.zip/TCS.csv' });
    expect(candlesIn(outcome)[0]?.ticker).toBe('TCS');
  });

  it('rejects a file whose name is not a symbol', () => {
    spec.expectRejected(
      fixture(ONE_MINUTE),
      'the file has no symbol column, so its name (e.g. RELIANCE.csv) or the connector\'s symbol attribute names it; "intraday data" is not an NSE symbol',
      { fileName: 'intraday data.csv' },
    );
  });

  it('rejects bars whose length is not an interval', () => {
    const text = 'date,open,high,low,close,volume\n2024-01-01 09:15:00,1,1,1,1,1\n2024-01-01 09:22:00,1,1,1,1,1\n';
    expect(parser.parse(givenParseInput(text, { fileName: 'INFY.csv' }))).toMatchObject({
      ok: false,
      reason: 'cannot tell the bar length: bars are 7 minutes apart; expected bars of 1, 5, 15, 30 or 60 minutes',
    });
  });

  spec.itRejectsMissingColumns('date,close\n2024-01-01 09:15:00,1\n', 'expected the columns date, open, high, low, close, volume', {
    fileName: 'INFY.csv',
  });

  it('reports a malformed row and a bar off the grid by line, and reads the others', () => {
    const lines = fixtureText(RELIANCE).split('\n');
    lines[2] = (lines[2] ?? '').replace(',41613', ',41,613'); // line 3: an unquoted comma shifts the cells
    lines[3] = '2023-07-03 09:27:00+05:30,2442.05,2442.1,2440.15,2442.05,47793'; // line 4, off the 5-minute grid
    lines[4] = (lines[4] ?? '').replace('2023-07-03 09:30:00', '2023-07-03 9h30'); // line 5
    const outcome = parse(lines.join('\n'));
    expect(outcome.problems).toEqual([
      { where: 'line 3 (RELIANCE)', message: "has 7 cells where the file's rows have 6 (an unquoted comma in a value?): not read" },
      { where: 'line 4 (RELIANCE)', message: 'a bar starting 2023-07-03T03:57:00.000Z is off the 5-minute grid from 09:15 IST; dropped' },
      {
        where: 'line 5 (RELIANCE)',
        message: 'date "2023-07-03 9h30+05:30" is not a date and time: expected e.g. 2023-07-03 09:15:00+05:30',
      },
      { where: 'line 218 (RELIANCE)', message: '75 rows from here repeat bars of 2023-10-09 (lines 143-217) exactly; dropped' },
    ]);
    expect(intervalsOf(outcome)['5m']).toHaveLength(225);
  });

  spec.itNeverThrowsOnDamagedBytes([ONE_MINUTE], { fileName: 'INFY.csv' });
});
