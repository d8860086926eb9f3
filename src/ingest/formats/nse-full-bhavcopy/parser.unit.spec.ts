import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/support/parse-input.ts';
import { candlesIn, expectReading, parserSpec } from '../../../../test/support/parser-specs.ts';
import { nseFullBhavcopyParser as parser } from './parser.ts';

const FILE_2019 = 'nse-full-bhavcopy/sec_bhavdata_full.csv';
const FILE_2022 = 'nse-full-bhavcopy/sec_bhavdata_full_01Dec2022bhav.csv';
const spec = parserSpec(parser);
const INPUT = { fileName: 'sec_bhavdata_full.csv' };
const parse = (bytes: Uint8Array | string) => spec.parse(bytes, INPUT);
const candlesOf = (bytes: Uint8Array | string) => candlesIn(parse(bytes));

describe('nse-full-bhavcopy', () => {
  it('reads INFY of 30 Aug 2019, turnover in lakhs to rupees exactly', () => {
    const outcome = parse(fixture(FILE_2019));
    expectReading(outcome, { valid: true, rows: 44, problems: [] });
    // Fixture line 42 (original line 788):
    // INFY, EQ, 30-Aug-2019, 806.95, 810.00, 817.35, 802.00, 814.75, 814.90, 809.24, 8174186, 66148.77, 144388, 5362040, 65.60
    expect(candlesIn(outcome).find((c) => c.ticker === 'INFY')).toEqual({
      ticker: 'INFY',
      series: 'EQ',
      isin: null,
      start: '2019-08-30T03:45:00.000Z',
      open: '810.00',
      high: '817.35',
      low: '802.00',
      close: '814.90',
      volume: '8174186',
      value: '6614877000', // 66148.77 lakh
      trades: 144388,
      previousClose: '806.95',
    });
    expect(outcome.events[0]?.metadata.knownAt).toBe('2019-08-30T10:00:00.000Z');
  });

  it('trims the leading spaces of every value and keeps non-EQ series', () => {
    // Fixture line 36 (original 36): ADHUNIK, BE, 30-Aug-2019, 1.10, 1.15, 1.15, 1.05, 1.15, 1.10, 1.08, 27857, 0.30, 21, -, -
    expect(candlesOf(fixture(FILE_2019)).find((c) => c.ticker === 'ADHUNIK')).toMatchObject({
      series: 'BE',
      close: '1.10',
      volume: '27857',
      value: '30000',
      trades: 21,
    });
    // Fixture line 45 (original 1491): SGBAUG24, GB, ..., 3767.95, 3778.28, 834, 31.51, 74, 656, 78.66
    expect(candlesOf(fixture(FILE_2019)).find((c) => c.ticker === 'SGBAUG24')).toMatchObject({
      series: 'GB',
      close: '3767.95',
      value: '3151000',
    });
  });

  it('records a turnover rounded to 0.00 lakh with shares traded as unknown, not zero', () => {
    // Fixture line 41 (original 270): CANDC, BZ, 30-Aug-2019, 4.55, ..., 39, 0.00, 4, -, -
    expect(candlesOf(fixture(FILE_2019)).find((c) => c.ticker === 'CANDC')).toMatchObject({ volume: '39', value: null, trades: 4 });
  });

  it('reads the CRLF file of 1 Dec 2022', () => {
    const outcome = parse(fixture(FILE_2022));
    expectReading(outcome, { valid: true });
    const candles = candlesIn(outcome);
    // Fixture line 24 (original 1680):
    // RELIANCE, EQ, 01-Dec-2022, 2731.35, 2741.80, 2755.00, 2716.00, 2725.25, 2723.30, 2738.93, 4377696, 119902.10, 177158, 2538726, 57.99
    expect(candles.find((c) => c.ticker === 'RELIANCE')).toMatchObject({
      start: '2022-12-01T03:45:00.000Z',
      open: '2741.80',
      high: '2755.00',
      low: '2716.00',
      close: '2723.30',
      volume: '4377696',
      value: '11990210000',
      trades: 177158,
    });
    // Fixture line 25 (original 2090): TCS, EQ, 01-Dec-2022, ..., 3475.65, 3465.56, 2180856, 75578.97, 142859, ...
    expect(candles.find((c) => c.ticker === 'TCS')).toMatchObject({ close: '3475.65', value: '7557897000', trades: 142859 });
  });

  spec.itRejectsMissingColumns(
    'SYMBOL, SERIES, DATE1, CLOSE_PRICE\nINFY, EQ, 30-Aug-2019, 814.90\n',
    'expected the columns SYMBOL, SERIES, DATE1, OPEN_PRICE, HIGH_PRICE, LOW_PRICE, CLOSE_PRICE, TTL_TRD_QNTY, TURNOVER_LACS, NO_OF_TRADES',
  );

  spec.itReportsMalformedRow(
    FILE_2019,
    ['INFY, EQ, 30-Aug-2019', 'INFY, EQ, 31-Aug-2O19'],
    { problems: [{ where: 'line 42 (INFY)', message: 'DATE1 "31-Aug-2O19" is not a date: expected e.g. 06-JAN-2021' }], candles: 43 },
    INPUT,
  );

  spec.itNeverThrowsOnDamagedBytes([FILE_2022]);
});
