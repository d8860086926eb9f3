import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/support/parse-input.ts';
import { candlesIn, expectReading, fixtureText, parserSpec } from '../../../../test/support/parser-specs.ts';
import { dataOf } from '../../../../test/support/parser-spec-kit.ts';
import { parseAgain, pricesV1Fixture } from '../../../../test/support/prices-v1-fixture.ts';
import { nseDailyHistoryParser as parser } from './parser.ts';

const RELIANCE = 'nse-daily-history/RELIANCE.csv';
const spec = parserSpec(parser);
const parse = (bytes: Uint8Array | string, fileName = 'RELIANCE.csv') => spec.parse(bytes, { fileName });
const candlesOf = (file: string) => candlesIn(parse(fixture(file)));
const on = (file: string, date: string) => candlesOf(file).find((c) => c.start.startsWith(date));

describe('nse-daily-history', () => {
  it('reads one daily candle per trading day, known at the last day’s close', () => {
    const outcome = parse(fixture(RELIANCE));
    expectReading(outcome, { valid: true, rows: 36, candles: 33 });
    expect(outcome.events[0]?.metadata.knownAt).toBe('2020-02-28T10:00:00.000Z');
  });

  it('records the sample’s 20-year history (5017 candles) in 11 parts, each known at the last day’s close', () => {
    const v1 = pricesV1Fixture('RELIANCE-daily');
    const outcome = parseAgain(v1);
    const parts = dataOf(outcome, 'PricesRecorded');
    expect(parts.map((p) => [p.part, p.parts, p.candles.length])).toEqual(
      Array.from({ length: 11 }, (_, i) => [i + 1, 11, i < 10 ? 500 : 17]),
    );
    expect(parts.flatMap((p) => p.candles)).toEqual(v1.events[0]?.data.candles);
    expect(outcome.events.filter((e) => e.type === 'PricesRecorded').map((e) => e.metadata.knownAt)).toEqual(
      Array(11).fill('2020-02-28T10:00:00.000Z'),
    );
  });

  it('shifts the dataset’s turnover (rupees x 10^5) back to rupees, exactly to paise', () => {
    // Line 2: 2000-01-03,RELIANCE,EQ,233.05,237.5,251.7,237.5,251.7,251.7,249.37,4456424,111131914445000.0,,,
    expect(on(RELIANCE, '2000-01-03')).toEqual({
      ticker: 'RELIANCE',
      series: 'EQ',
      isin: null,
      start: '2000-01-03T03:45:00.000Z',
      open: '237.5',
      high: '251.7',
      low: '237.5',
      close: '251.7',
      volume: '4456424',
      value: '1111319144.45',
      trades: null, // Trades is empty before mid-2011
      previousClose: '233.05',
    });
    // Line 5: 2000-01-06,...,15682286,463325404089999.94,,, (float noise: NSE published 4633254040.90)
    expect(on(RELIANCE, '2000-01-06')?.value).toBe('4633254040.9');
    // Line 37: 2020-02-28,RELIANCE,EQ,1386.25,1354.9,1357.0,1325.0,1327.0,1328.65,1338.96,17973847,2406620101235000.0,373466.0,...
    expect(on(RELIANCE, '2020-02-28')).toMatchObject({
      open: '1354.9',
      close: '1328.65',
      volume: '17973847',
      value: '24066201012.35',
      trades: 373466,
    });
    // Line 20: 2011-06-01,...,1838452,174253844320000.0,58630.0,... (the first row with a trade count)
    expect(on(RELIANCE, '2011-06-01')).toMatchObject({ close: '946.8', trades: 58630 });
  });

  it('reads a turnover written in exponent notation', () => {
    // COALINDIA.csv line 2: 2010-11-04,COALINDIA,EQ,245.0,291.0,344.9,291.0,342.0,342.55,327.29,479716245,1.5700395821970002e+16,,...
    expect(on('nse-daily-history/COALINDIA.csv', '2010-11-04')).toMatchObject({
      ticker: 'COALINDIA',
      close: '342.55',
      volume: '479716245',
      value: '157003958219.7',
    });
  });

  it('keeps the symbol each row states: M&M in MM.csv, NSE’s own HINDALC0 typo', () => {
    // MM.csv line 5: 2004-01-02,M&M,EQ,...,394.4,394.72,770432,30410837664999.996,,...
    expect(on('nse-daily-history/MM.csv', '2004-01-02')).toMatchObject({ ticker: 'M&M', close: '394.4', value: '304108376.65' });
    // HINDALCO.csv lines 2-4 are HINDALC0 (a zero), line 5 on HINDALCO.
    expect(candlesOf('nse-daily-history/HINDALCO.csv').map((c) => c.ticker)).toEqual([
      'HINDALC0',
      'HINDALC0',
      'HINDALC0',
      'HINDALCO',
      'HINDALCO',
      'HINDALCO',
    ]);
  });

  it('drops the rows the dataset repeats, and says which', () => {
    expect(parse(fixture(RELIANCE)).problems).toEqual([
      { where: 'line 18 (RELIANCE)', message: 'repeats the candle of line 17 exactly; dropped' },
      { where: 'line 25 (RELIANCE)', message: 'repeats the candle of line 24 exactly; dropped' },
      { where: 'line 30 (RELIANCE)', message: 'repeats the candle of line 29 exactly; dropped' },
    ]);
  });

  it('reports a repeated day with different prices, keeping the first', () => {
    const text = fixtureText(RELIANCE).split('\n');
    text[17] = (text[17] ?? '').replace(',955.05,', ',955.10,');
    expect(parse(text.join('\n')).problems[0]).toEqual({
      where: 'line 18 (RELIANCE)',
      message: 'a second candle for RELIANCE EQ starting 2011-05-06T03:45:00.000Z, differing from line 17, which is kept; dropped',
    });
  });

  spec.itRejectsMissingColumns(
    'Date,Symbol,Close\n2000-01-03,RELIANCE,251.7\n',
    'expected the columns Date, Symbol, Series, Open, High, Low, Close, Volume, Turnover, Trades',
  );

  it('reports a malformed row by its line and reads the others', () => {
    const outcome = parse(fixtureText(RELIANCE).replace('2000-01-04,RELIANCE', '2000-13-04,RELIANCE'));
    expect(outcome.problems[0]).toEqual({
      where: 'line 3 (RELIANCE)',
      message: 'Date "2000-13-04" is not a date: expected e.g. 06-JAN-2021',
    });
    expectReading(outcome, { candles: 32 });
  });

  spec.itNeverThrowsOnDamagedBytes([RELIANCE]);
});
