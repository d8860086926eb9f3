import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/support/parse-input.ts';
import { dataOf } from '../../../../test/support/parser-spec-kit.ts';
import { candlesIn, expectFirstMetadata, expectReading, parserSpec } from '../../../../test/support/parser-specs.ts';
import { bseFileDate } from './bse-file-date.ts';
import { bseEquityBhavcopyParser as parser } from './parser.ts';

const FILE = 'bse-equity-bhavcopy/EQ060521.CSV';
const spec = parserSpec(parser);
const INPUT = { fileName: 'EQ060521.CSV' };
const parse = (bytes: Uint8Array | string = fixture(FILE), fileName = INPUT.fileName) => spec.parse(bytes, { fileName });
const candles = () => candlesIn(parse());

describe('bse-equity-bhavcopy', () => {
  it('records every scrip as a daily BSE candle, dated from the file name', () => {
    const outcome = parse();
    expectReading(outcome, { valid: true, rows: 47, problems: [] });
    expect(dataOf(outcome, 'PricesRecorded')[0]).toMatchObject({ exchange: 'BSE', interval: '1d' });
    expectFirstMetadata(outcome, { knownAt: '2021-05-06T10:00:00.000Z', source: 'bse' });
  });

  it('reads RELIANCE under its scrip code with its group as the series', () => {
    // Fixture line 43 (original line 165):
    // 500325,RELIANCE    ,A ,Q,1926.00,1934.15,1907.25,1929.90,1929.90,1919.75,12603,231521,444649781.00,
    expect(candles().find((c) => c.ticker === '500325')).toEqual({
      ticker: '500325',
      series: 'A',
      isin: null,
      start: '2021-05-06T03:45:00.000Z',
      open: '1926.00',
      high: '1934.15',
      low: '1907.25',
      close: '1929.90',
      volume: '231521',
      value: '444649781',
      trades: 12603,
      previousClose: '1919.75',
    });
    // Fixture line 42 (original 105): 500209,INFOSYS LTD ,A ,Q,1343.00,1364.20,1337.05,1361.15,1361.15,1341.60,13283,277845,376064711.00,
    expect(candles().find((c) => c.ticker === '500209')).toMatchObject({ close: '1361.15', volume: '277845', trades: 13283 });
  });

  it('keeps preference shares, bonds and debt (SC_TYPE P, B, D) under their groups', () => {
    // Fixture lines 45-47 (original 3152, 3155, 3179): 700087 group F type P, 800259 G B, 935142 F D.
    expect(
      candles()
        .filter((c) => ['700087', '800259', '935142'].includes(c.ticker))
        .map((c) => [c.ticker, c.series, c.close]),
    ).toEqual([
      ['700087', 'F', '5.75'],
      ['800259', 'G', '4707.10'],
      ['935142', 'F', '2106.00'],
    ]);
  });

  it('reads the date from a zip entry name too', () => {
    expect(parse(fixture(FILE), 'EQ060521_CSV.ZIP/EQ060521.CSV').events[0]?.metadata.knownAt).toBe('2021-05-06T10:00:00.000Z');
    expect(bseFileDate('EQ310221.CSV')).toBeNull(); // 31 Feb is no date
  });

  it('rejects a file whose name does not carry the date', () => {
    spec.expectRejected(
      fixture(FILE),
      'the trading day is stated only in the file name: expected EQDDMMYY.CSV (e.g. EQ060521.CSV for 6 May 2021), found "bhavcopy.csv"',
      { fileName: 'bhavcopy.csv' },
    );
  });

  spec.itRejectsMissingColumns(
    'SC_CODE,SC_NAME,CLOSE\n500325,RELIANCE,1929.90\n',
    'expected the columns SC_CODE, SC_GROUP, OPEN, HIGH, LOW, CLOSE, NO_OF_SHRS, NET_TURNOV, NO_TRADES',
    INPUT,
  );

  spec.itReportsMalformedRow(
    FILE,
    ['12603,231521,444649781.00', '12603,231521.5,444649781.00'],
    { problems: [{ where: 'line 43 (500325)', message: 'NO_OF_SHRS "231521.5" is not a count: expected a whole number' }], candles: 46 },
    INPUT,
  );

  spec.itNeverThrowsOnDamagedBytes([FILE], INPUT);
});
