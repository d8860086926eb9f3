import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/support/parse-input.ts';
import { candlesIn, expectReading, parserSpec } from '../../../../test/support/parser-specs.ts';
import { nseSecurityHistoryParser as parser } from './parser.ts';

const AARON = 'nse-security-history/01-01-2018-TO-31-12-2018AARONALLN.csv';
const MMM = 'nse-security-history/01-01-2018-TO-31-12-20183MINDIAALLN.csv';
const spec = parserSpec(parser);
const INPUT = { fileName: 'report.csv' };
const parse = (bytes: Uint8Array | string) => spec.parse(bytes, INPUT);
const candlesOf = (bytes: Uint8Array | string) => candlesIn(parse(bytes));

describe('nse-security-history', () => {
  it('reads a year of 3MINDIA as daily candles, known at the last day’s close', () => {
    const outcome = parse(fixture(MMM));
    expectReading(outcome, { valid: true, rows: 246, problems: [], candles: 246 });
    const candles = candlesIn(outcome);
    // Line 2: "3MINDIA","EQ","01-Jan-2018","      19126.45","      18901.00","      19990.00","      18901.00",
    //         "      19425.00","      19264.55","      19368.09","       2361","            45728057.70","        728",...
    expect(candles[0]).toEqual({
      ticker: '3MINDIA',
      series: 'EQ',
      isin: null,
      start: '2018-01-01T03:45:00.000Z',
      open: '18901.00',
      high: '19990.00',
      low: '18901.00',
      close: '19264.55',
      volume: '2361',
      value: '45728057.7',
      trades: 728,
      previousClose: '19126.45',
    });
    // Line 247: "3MINDIA","EQ","31-Dec-2018",...,"      20824.40",...,"       1088","            22751144.15","        691",...
    expect(candles[245]).toMatchObject({
      start: '2018-12-31T03:45:00.000Z',
      close: '20824.40',
      volume: '1088',
      value: '22751144.15',
      trades: 691,
    });
    expect(outcome.events[0]?.metadata.knownAt).toBe('2018-12-31T10:00:00.000Z');
  });

  it('keeps both series of a symbol that moved from ST to SM, with "-" as missing', () => {
    const candles = candlesOf(fixture(AARON));
    expect(candles).toHaveLength(60);
    // Line 2: "AARON","ST","03-Sep-2018","         38.00","         36.10","         39.60","         36.10","-","         38.70",
    //         "         38.19","     297000","            11342700.00","         98","-","-"
    expect(candles[0]).toMatchObject({
      series: 'ST',
      start: '2018-09-03T03:45:00.000Z',
      open: '36.10',
      close: '38.70',
      volume: '297000',
      value: '11342700',
      trades: 98,
    });
    // Line 12, the first SM row: "AARON","SM","18-Sep-2018","         41.30","         41.30","         41.30","         39.00",
    //         "         39.00","         39.00","         40.15","       6000","              240900.00","          2",...
    expect(candles.find((c) => c.series === 'SM')).toMatchObject({
      start: '2018-09-18T03:45:00.000Z',
      open: '41.30',
      high: '41.30',
      low: '39.00',
      close: '39.00',
      volume: '6000',
      value: '240900',
      trades: 2,
    });
  });

  spec.itRejectsMissingColumns(
    '"Symbol","Series","Date","Close Price"\n"AARON","SM","22-Oct-2018","39.80"\n',
    'expected the columns Symbol, Series, Date, Open Price, High Price, Low Price, Close Price, Total Traded Quantity, Turnover, No. of Trades',
  );

  spec.itReportsMalformedRow(
    MMM,
    ['"      19990.00"', '"-"'],
    { problems: [{ where: 'line 2 (3MINDIA)', message: 'High Price is empty: expected a price' }], candles: 245 },
    INPUT,
  );

  spec.itNeverThrowsOnDamagedBytes([AARON]);
});
