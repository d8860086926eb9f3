import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/support/parse-input.ts';
import { candlesIn, expectReading, fixtureText, parserSpec } from '../../../../test/support/parser-specs.ts';
import { nseUdiffBhavcopyParser as parser } from './parser.ts';

// A constructed file: no real UDiFF bhavcopy was available (see fixtures/nse-udiff-bhavcopy/PROVENANCE.md).
const FILE = 'nse-udiff-bhavcopy/BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv';
const NAME = 'BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv';
const text = () => fixtureText(FILE);
const spec = parserSpec(parser);
const INPUT = { fileName: NAME };
const parse = (bytes: Uint8Array | string = fixture(FILE)) => spec.parse(bytes, INPUT);
const candlesOf = (bytes?: Uint8Array | string) => candlesIn(parse(bytes));

describe('nse-udiff-bhavcopy', () => {
  it("does not claim BSE's file of the same layout", () => {
    expect(parser.detect('BhavCopy_BSE_CM_0_0_0_20240708_F_0000.CSV', text().replace(/,NSE,/g, ',BSE,'))).toBe(false);
  });

  it('turns only cash-market equity rows into daily candles', () => {
    const outcome = parse();
    // The FO row (line 6) is left out without a problem.
    expectReading(outcome, { valid: true, rows: 5, problems: [] });
    expect(candlesOf().map((c) => `${c.ticker} ${c.series}`)).toEqual(['INFY EQ', 'RELIANCE EQ', 'M&M EQ', '21STCENMGM BE']);
    expect(outcome.events[0]?.metadata.knownAt).toBe('2024-07-08T10:00:00.000Z');
  });

  it('reads INFY as the constructed row states it', () => {
    // Line 2: 2024-07-08,2024-07-08,CM,NSE,STK,1594,INE009A01021,INFY,EQ,,,,,INFOSYS LIMITED,1660.00,1672.50,1651.10,1668.35,
    //         1669.00,1657.40,,1668.35,,,5123456,8536789012.45,123456,F1,1,,,,,
    expect(candlesOf()[0]).toEqual({
      ticker: 'INFY',
      series: 'EQ',
      isin: 'INE009A01021',
      start: '2024-07-08T03:45:00.000Z',
      open: '1660.00',
      high: '1672.50',
      low: '1651.10',
      close: '1668.35',
      volume: '5123456',
      value: '8536789012.45',
      trades: 123456,
      previousClose: '1657.40',
    });
    // Line 5: ...,INE253B01015,21STCENMGM,BE,...,61.20,62.00,60.05,61.45,...,4321,265432.15,57,F1,1,,,,,
    expect(candlesOf()[3]).toMatchObject({ isin: 'INE253B01015', close: '61.45', volume: '4321', value: '265432.15', trades: 57 });
  });

  it('reports a row published by another exchange', () => {
    const lines = text().split('\n');
    lines[3] = (lines[3] ?? '').replace(',CM,NSE,', ',CM,BSE,');
    const outcome = parse(lines.join('\n'));
    expect(outcome.problems).toEqual([{ where: 'line 4', message: 'Src "BSE": expected NSE; an NSE UDiFF file has only NSE rows' }]);
    expect(candlesOf(lines.join('\n')).map((c) => c.ticker)).toEqual(['INFY', 'RELIANCE', '21STCENMGM']);
  });

  spec.itRejectsMissingColumns(
    'TradDt,TckrSymb,ClsPric\n2024-07-08,INFY,1668.35\n',
    'expected the columns TradDt, TckrSymb, SctySrs, ISIN, OpnPric, HghPric, LwPric, ClsPric, TtlTradgVol, TtlTrfVal, TtlNbOfTxsExctd, Sgmt, FinInstrmTp, Src',
  );

  spec.itReportsMalformedRow(
    FILE,
    ['3190.00,3212.40', '-3190.00,3212.40'],
    {
      problems: [{ where: 'line 3 (RELIANCE)', message: 'OpnPric "-3190.00" is not a traded price: expected a positive price' }],
      candles: 3,
    },
    INPUT,
  );

  spec.itNeverThrowsOnDamagedBytes([FILE]);
});
