import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/support/parse-input.ts';
import { dataOf } from '../../../../test/support/parser-spec-kit.ts';
import { expectReading, fixtureText, parserSpec } from '../../../../test/support/parser-specs.ts';
import { nseQuoteSnapshotParser as parser } from './parser.ts';

const POLLS = 'nse-quote-snapshot/INFY.csv';
const JSON_FILE = 'nse-quote-snapshot/getquote-INFY-constructed.json';
const spec = parserSpec(parser);
const parse = (bytes: Uint8Array | string) => spec.parse(bytes, { fileName: 'INFY.csv' });
const quotesOf = (bytes: Uint8Array | string) => dataOf(parse(bytes), 'QuotesRecorded')[0]?.quotes ?? [];

/** The last poll of 29 Nov 2019: INFY.csv line 10 (original line 249), and the JSON built from it. */
const LAST_POLL = {
  ticker: 'INFY',
  series: 'EQ',
  isin: 'INE009A01021',
  at: '2019-11-29T10:00:00.000Z', // 29/11/2019 15:30:00 IST
  lastPrice: '696.45',
  open: '700.9',
  high: '702.3',
  low: '691.55',
  previousClose: '701.85',
  change: '-5.40',
  changePercent: '-0.77',
  volume: '4111511', // 4111511.0 shares
  value: '2860419000', // 28604.19 lakh
  high52: '847.0',
  low52: '615.1',
};

describe('nse-quote-snapshot', () => {
  it('records each dated poll as a quote, in one event known at the last poll', () => {
    const outcome = parse(fixture(POLLS));
    expectReading(outcome, { valid: true, rows: 9 });
    const [event] = dataOf(outcome, 'QuotesRecorded');
    expect(event).toMatchObject({ exchange: 'NSE', parserVersion: 1 });
    expect(event?.quotes.map((q) => q.at)).toEqual([
      '2019-11-28T07:47:21.000Z', // line 5: 28/11/2019 13:17:21
      '2019-11-28T07:48:03.000Z',
      '2019-11-28T07:51:37.000Z',
      '2019-11-29T09:53:33.000Z',
      '2019-11-29T09:56:57.000Z',
      '2019-11-29T10:00:00.000Z', // line 10: 29/11/2019 15:30:00
    ]);
    expect(outcome.events[0]?.metadata).toMatchObject({ knownAt: '2019-11-29T10:00:00.000Z', source: 'nse' });
  });

  it('reads the last poll as the file states it', () => {
    // Line 10: lastPrice 696.45, open 700.9, dayHigh 702.3, dayLow 691.55, previousClose 701.85, change -5.40,
    // pChange -0.77, totalTradedVolume 4111511.0, totalTradedValue 28604.19, high52 847.0, low52 615.1, isinCode INE009A01021
    expect(quotesOf(fixture(POLLS)).at(-1)).toEqual(LAST_POLL);
    // Line 5: 28/11/2019 13:17:21, lastPrice 697.85, change 2.1, pChange 0.3, totalTradedVolume 2158318.0, totalTradedValue 15045.63
    expect(quotesOf(fixture(POLLS))[0]).toMatchObject({
      lastPrice: '697.85',
      change: '2.1',
      changePercent: '0.3',
      volume: '2158318',
      value: '1504563000',
    });
  });

  it('reports polls without a poll time instead of dating them by NSE’s lagging secDate', () => {
    const problems = parse(fixture(POLLS)).problems;
    expect(problems.map((p) => p.where)).toEqual(['line 2 (INFY)', 'line 3 (INFY)', 'line 4 (INFY)']);
    expect(problems[0]?.message).toBe(
      'no poll time (date1 "0"; expected e.g. 29/11/2019 15:26:57), and NSE\'s secDate "27-Nov-2019 00:00:00" is an hour stamp that lags the data: the quote cannot be dated',
    );
  });

  it('reads a getQuote JSON response (constructed from line 10), numbers grouped the Indian way', () => {
    const outcome = parse(fixture(JSON_FILE));
    expectReading(outcome, { valid: true, problems: [] });
    // "lastUpdateTime":"29-NOV-2019 15:30:00"; "open":"700.90", "totalTradedVolume":"41,11,511", "totalTradedValue":"28,604.19"
    expect(dataOf(outcome, 'QuotesRecorded')[0]?.quotes).toEqual([
      { ...LAST_POLL, open: '700.90', high: '702.30', high52: '847.00', low52: '615.10' },
    ]);
  });

  it('rejects a JSON response without its time', () => {
    const json = fixtureText(JSON_FILE).replace('"lastUpdateTime":"29-NOV-2019 15:30:00"', '"lastUpdateTime":"-"');
    spec.expectRejected(json, 'lastUpdateTime "-" is not a date and time: expected e.g. 27-MAR-2019 15:59:59');
  });

  spec.itRejectsMissingColumns(
    'symbol,lastPrice,date1\nINFY,696.45,29/11/2019 15:30:00\n',
    'expected the columns symbol, series, isinCode, lastPrice, open, dayHigh, dayLow, previousClose, change, pChange, totalTradedVolume, totalTradedValue, high52, low52, date1, secDate',
  );

  it('reports a malformed poll by its line and reads the others', () => {
    const outcome = parse(fixtureText(POLLS).replace(',696.45,615.1,', ',696.4S,615.1,'));
    expect(outcome.problems.at(-1)).toEqual({
      where: 'line 10 (INFY)',
      message: 'lastPrice "696.4S" is not a number: expected a price such as 1282.10',
    });
    expect(dataOf(outcome, 'QuotesRecorded')[0]?.quotes).toHaveLength(5);
  });

  spec.itNeverThrowsOnDamagedBytes([POLLS, JSON_FILE]);
});
