import { describe, expect, it } from 'vitest';
import { fixture, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf } from '../../../../test/support/parser-spec-kit.ts';
import { candlesIn, expectFirstMetadata, expectReading, fixtureText, idsOf, parserSpec } from '../../../../test/support/parser-specs.ts';
import { nseCmBhavcopyParser as parser } from './parser.ts';

const FILE = 'nse-cm-bhavcopy/cm06JAN2021bhav.csv';
const text = () => fixtureText(FILE);
const spec = parserSpec(parser);
const INPUT = { fileName: 'cm06JAN2021bhav.csv' };
const parse = (bytes: Uint8Array | string = fixture(FILE)) => spec.parse(bytes, INPUT);
const candles = (bytes?: Uint8Array | string) => candlesIn(parse(bytes));
const candle = (ticker: string, series = 'EQ') => candles().find((c) => c.ticker === ticker && c.series === series);

describe('nse-cm-bhavcopy', () => {
  it('records every row as a daily candle in one NSE 1d event', () => {
    const outcome = parse();
    expectReading(outcome, { valid: true, rows: 51, problems: [] });
    const [event] = dataOf(outcome, 'PricesRecorded');
    expect(event).toMatchObject({ exchange: 'NSE', interval: '1d', parserVersion: 3 });
    expect(event?.candles).toHaveLength(51);
  });

  it("names NSE's archive URL of the day the rows state, unless the file came with a URL of its own", () => {
    // Every row's TIMESTAMP is 06-JAN-2021.
    const archive = 'https://archives.nseindia.com/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip';
    expectFirstMetadata(parse(), { sourceUrl: archive, sourceFile: 'cm06JAN2021bhav.csv' });
    expectFirstMetadata(spec.parse(fixture(FILE), { fileName: 'download.csv' }), { sourceUrl: archive, sourceFile: 'download.csv' });
    const mirror = 'https://example.org/mirror/cm06JAN2021bhav.csv';
    expectFirstMetadata(spec.parse(fixture(FILE), { ...INPUT, sourceUrl: mirror }), { sourceUrl: mirror });
    // Rows of two days are no one day's file: no URL.
    const twoDays = text().replace(/(INFY,EQ,.*?,)06-JAN-2021,/, '$107-JAN-2021,');
    expectFirstMetadata(parse(twoDays), { sourceUrl: null });
  });

  it('reads INFY as the file states it', () => {
    // Fixture line 43 (original line 840):
    // INFY,EQ,1300,1302,1268.05,1282.1,1282.5,1293.8,7161715,9226975582.3,06-JAN-2021,178942,INE009A01021,
    expect(candle('INFY')).toEqual({
      ticker: 'INFY',
      series: 'EQ',
      isin: 'INE009A01021',
      start: '2021-01-06T03:45:00.000Z', // 06-Jan-2021 09:15 IST
      open: '1300',
      high: '1302',
      low: '1268.05',
      close: '1282.1',
      volume: '7161715',
      value: '9226975582.3',
      trades: 178942,
      previousClose: '1293.8',
    });
  });

  it('reads RELIANCE, M&M and the other series', () => {
    // Fixture line 46 (original 1474): RELIANCE,EQ,1965.9,1966,1905.15,1914.25,...,21414270,41290368153.15,06-JAN-2021,659284,INE002A01018,
    expect(candle('RELIANCE')).toMatchObject({
      close: '1914.25',
      volume: '21414270',
      value: '41290368153.15',
      trades: 659284,
      isin: 'INE002A01018',
    });
    // Fixture line 44 (original 1074): M&M,EQ,741,746.45,730.45,736.1,...
    expect(candle('M&M')).toMatchObject({ open: '741', high: '746.45', low: '730.45', close: '736.1', isin: 'INE101A01026' });
    // Fixture line 9 (original 9): 63MOONS,BE,82.95,82.95,79.85,80.7,...,63645,5178929.65,06-JAN-2021,405,INE111B01023,
    expect(candle('63MOONS', 'BE')).toMatchObject({ close: '80.7', volume: '63645', trades: 405 });
    // Fixture line 42 (original 402): a debt series, DHANILOANS N1, close 1073.
    expect(candle('DHANILOANS', 'N1')).toMatchObject({ close: '1073', isin: 'INE614X07027' });
    // Fixture line 48-49 (original 1567-1568): SBIN's N5 and N6 bonds beside its EQ share.
    expect(
      candles()
        .filter((c) => c.ticker === 'SBIN')
        .map((c) => c.series),
    ).toEqual(['EQ', 'N5', 'N6']);
  });

  it('is known at the trading day’s 15:30 IST close, with provenance', () => {
    expectFirstMetadata(parse(), { knownAt: '2021-01-06T10:00:00.000Z', source: 'nse', sourceFile: 'cm06JAN2021bhav.csv' });
  });

  it('gives the same event ids for the same bytes', () => {
    expect(idsOf(parse())).toEqual(idsOf(parse()));
  });

  spec.itRejectsMissingColumns(
    'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE\nINFY,EQ,1,2,1,2\n',
    'expected the columns SYMBOL, SERIES, OPEN, HIGH, LOW, CLOSE, TOTTRDQTY, TOTTRDVAL, TIMESTAMP, TOTALTRADES, ISIN',
  );

  spec.itReportsMalformedRow(
    FILE,
    ['INFY,EQ,1300,1302,', 'INFY,EQ,1300,13O2,'],
    { problems: [{ where: 'line 43 (INFY)', message: 'HIGH "13O2" is not a number: expected a price such as 1282.10' }], candles: 50 },
    INPUT,
  );

  it('does not read a row that an unquoted comma has shifted', () => {
    const outcome = parse(text().replace('INFY,EQ,1300,1302,', 'INFY,EQ,1,300,1302,'));
    expect(outcome.problems).toEqual([
      { where: 'line 43', message: "has 15 cells where the file's rows have 14 (an unquoted comma in a value?): not read" },
    ]);
  });

  it('keeps a candle whose ISIN is invalid, without the ISIN, and says so', () => {
    const outcome = parse(text().replace('178942,INE009A01021,', '178942,INE009A01022,'));
    expect(outcome.problems).toEqual([
      { where: 'line 43 (INFY)', message: 'ISIN "INE009A01022" is not a valid ISIN; the candle is kept without it' },
    ]);
    expect(candlesIn(outcome).find((c) => c.ticker === 'INFY')?.isin).toBeNull();
  });

  it('reads the previous close NSE states; a bad one is dropped with a note, the candle kept', () => {
    // Fixture line 46: RELIANCE,EQ,1965.9,1966,1905.15,1914.25,1915.5,1966.1,...: PREVCLOSE 1966.1, the base of the day's -51.85
    expect(candle('RELIANCE')).toMatchObject({ close: '1914.25', previousClose: '1966.1' });
    const outcome = parse(text().replace('1282.1,1282.5,1293.8,', '1282.1,1282.5,12g3.8,'));
    expect(outcome.problems).toEqual([
      {
        where: 'line 43 (INFY)',
        message: 'PREVCLOSE "12g3.8" is not a number: expected a price such as 1282.10; the candle is kept without it',
      },
    ]);
    expect(candlesIn(outcome).find((c) => c.ticker === 'INFY')).toMatchObject({ close: '1282.1', previousClose: null });
  });

  it('rejects a file with a header and no rows', () => {
    const header = text().split('\n')[0] ?? '';
    expect(parser.parse(givenParseInput(`${header}\n`))).toMatchObject({ ok: false, reason: 'the file has a header but no rows' });
  });

  spec.itNeverThrowsOnDamagedBytes([FILE]);
});
