import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/support/parse-input.ts';
import { dataOf } from '../../../../test/support/parser-spec-kit.ts';
import { candlesIn, expectFirstMetadata, expectReading, fixtureText, parserSpec } from '../../../../test/support/parser-specs.ts';
import { bseEquityBhavcopyParser } from '#ingest/formats/bse-equity-bhavcopy/parser';
import { nseUdiffBhavcopyParser } from '#ingest/formats/nse-udiff-bhavcopy/parser';
import { describeWithSharedData } from '../../../../test/support/shared-data.ts';
import type { ParsedOutcome } from '../../../../test/support/parser-spec-kit.ts';
import { bseUdiffBhavcopyParser as parser } from './parser.ts';

// Constructed from real rows of BSE's EQ060521.CSV (see fixtures/bse-udiff-bhavcopy/PROVENANCE.md).
const NAME = 'BhavCopy_BSE_CM_0_0_0_20210506_F_0000.CSV';
const FILE = `bse-udiff-bhavcopy/${NAME}`;
const INPUT = { fileName: NAME };
const spec = parserSpec(parser);
const parse = (bytes: Uint8Array | string = fixture(FILE)) => spec.parse(bytes, INPUT);
const candlesOf = (bytes?: Uint8Array | string) => candlesIn(parse(bytes));
const CODES = ['500009', '500013', '500028', '500180', '500209', '500325', '532540'];
const older = parserSpec(bseEquityBhavcopyParser);

/** The UDiFF candles are the older file's of the same scrip codes, field for field, with the ISIN added. */
function expectSameCandlesAsOlder(outcome: ParsedOutcome): void {
  const same = candlesIn(outcome).filter((c) => CODES.includes(c.ticker));
  expect(same).toHaveLength(CODES.length);
  expect(candlesOf()).toEqual(same.map((c) => ({ ...c, isin: expect.stringMatching(/^INE\w{9}$/) })));
}

describe('bse-udiff-bhavcopy', () => {
  it("claims BSE's UDiFF file and leaves NSE's to nse-udiff-bhavcopy", () => {
    expect(parser.detect(NAME, fixtureText(FILE))).toBe(true);
    expect(nseUdiffBhavcopyParser.detect(NAME, fixtureText(FILE))).toBe(false);
    const nse = fixtureText('nse-udiff-bhavcopy/BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv');
    expect(parser.detect('BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv', nse)).toBe(false);
    // A header alone goes by the name.
    const header = `${fixtureText(FILE).split('\n')[0] ?? ''}\n`;
    expect([parser.detect(NAME, header), nseUdiffBhavcopyParser.detect(NAME, header)]).toEqual([true, false]);
    expect(parser.detect('BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv', header)).toBe(false);
  });

  it('records each equity as a daily BSE candle under its scrip code, with its group and ISIN', () => {
    const outcome = parse();
    expectReading(outcome, { valid: true, rows: 7, candles: 7, problems: [] });
    expect(dataOf(outcome, 'PricesRecorded')[0]).toMatchObject({ exchange: 'BSE', interval: '1d' });
    expectFirstMetadata(outcome, {
      knownAt: '2021-05-06T10:00:00.000Z',
      source: 'bse',
      sourceUrl: 'https://www.bseindia.com/download/BhavCopy/Equity/BhavCopy_BSE_CM_0_0_0_20210506_F_0000.CSV',
    });
    expect(candlesOf().map((c) => [c.ticker, c.series, c.isin])).toEqual([
      ['500009', 'X', 'INE432A01017'],
      ['500013', 'B', 'INE436A01026'],
      ['500028', 'XT', 'INE447A01015'],
      ['500180', 'A', 'INE040A01034'],
      ['500209', 'A', 'INE009A01021'],
      ['500325', 'A', 'INE002A01018'],
      ['532540', 'A', 'INE467B01029'],
    ]);
  });

  it('reads RELIANCE as the source row of EQ060521.CSV states it', () => {
    // EQ060521.CSV line 165:
    // 500325,RELIANCE    ,A ,Q,1926.00,1934.15,1907.25,1929.90,1929.90,1919.75,12603,231521,444649781.00,
    expect(candlesOf().find((c) => c.ticker === '500325')).toEqual({
      ticker: '500325',
      series: 'A',
      isin: 'INE002A01018',
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
  });

  it("gives the candles BSE's older bhavcopy gives for the same rows, and the ISIN besides", () => {
    // The trimmed copy of EQ060521.CSV (fixtures/bse-equity-bhavcopy) holds the seven source lines as published.
    expectSameCandlesAsOlder(older.parseFixture('bse-equity-bhavcopy/EQ060521.CSV', { fileName: 'EQ060521.CSV' }));
  });

  it('leaves rows other than cash-market equities out without a problem', () => {
    const text = fixtureText(FILE).replace(',CM,BSE,STK,500013,', ',CM,BSE,DBT,500013,');
    expectReading(parse(text), { rows: 7, candles: 6, problems: [] });
  });

  it('reports a row published by another exchange', () => {
    const text = fixtureText(FILE).replace(',CM,BSE,STK,500209,', ',CM,NSE,STK,500209,');
    expectReading(parse(text), {
      candles: 6,
      problems: [{ where: 'line 6', message: 'Src "NSE": expected BSE; a BSE UDiFF file has only BSE rows' }],
    });
  });

  spec.itRejectsMissingColumns(
    'TradDt,FinInstrmId,ClsPric\n2021-05-06,500325,1929.90\n',
    'expected the columns TradDt, FinInstrmId, SctySrs, ISIN, OpnPric, HghPric, LwPric, ClsPric, TtlTradgVol, TtlTrfVal, TtlNbOfTxsExctd, Sgmt, FinInstrmTp, Src',
    INPUT,
  );

  spec.itReportsMalformedRow(
    FILE,
    ['1926.00,1934.15', '-1926.00,1934.15'],
    {
      problems: [{ where: 'line 7 (500325)', message: 'OpnPric "-1926.00" is not a traded price: expected a positive price' }],
      candles: 6,
    },
    INPUT,
  );

  spec.itNeverThrowsOnDamagedBytes([FILE], INPUT);
});

describeWithSharedData('bse-udiff-bhavcopy against the real file its rows come from', () => {
  it('gives the candles of the same seven rows of the whole EQ060521.CSV', () => {
    expectSameCandlesAsOlder(older.parseSharedData('bhavcopy/EQ060521.CSV'));
  });
});
