import { describe, expect, it } from 'vitest';
import { fixture, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid, expectNoThrowOnDamagedBytes, expectParsed } from '../../../../test/support/parser-spec-kit.ts';
import { describeWithExchangeData, exchangeFile } from '../../../../test/support/shared-data.ts';
import { nseSymbolChangeParser as parser } from './parser.ts';

const LINES = fixture('nse-symbol-change/symbolchange-2026-08-08-10-lines.csv');
const RECEIVED = '2026-08-08T10:00:00.000Z';
const parse = (bytes: Uint8Array | string, overrides: Parameters<typeof givenParseInput>[1] = {}) =>
  expectParsed(parser.parse(givenParseInput(bytes, { fileName: 'symbolchange.csv', receivedAt: RECEIVED, ...overrides })));

describe('nse-symbol-change', () => {
  it('reads each headerless line as one security under two symbols, the new one from the effective day', () => {
    const outcome = parse(LINES);
    expectEveryEventValid(outcome);
    expect(outcome.rows).toBe(11);
    expect(outcome.problems).toEqual([]);
    const observed = dataOf(outcome, 'SymbolsObserved');
    expect(observed).toHaveLength(11);
    // ETERNAL LIMITED,ZOMATO,ETERNAL,09-APR-2025
    expect(observed.find((o) => o.symbols[1]?.symbol === 'ETERNAL')).toEqual({
      exchange: 'NSE',
      isin: null,
      symbols: [
        { symbol: 'ZOMATO', firstDay: '2025-04-08', lastDay: '2025-04-08' },
        { symbol: 'ETERNAL', firstDay: '2025-04-09', lastDay: '2025-04-09' },
      ],
      parserVersion: 1,
    });
    // A symbol renamed twice gives two changes: TELCO → TATAMOTORS (2003), TATAMOTORS → TMPV (2025).
    expect(observed.filter((o) => o.symbols.some((s) => s.symbol === 'TATAMOTORS')).map((o) => o.symbols.map((s) => s.symbol))).toEqual([
      ['TELCO', 'TATAMOTORS'],
      ['TATAMOTORS', 'TMPV'],
    ]);
    // The line with an empty company name still names its symbols.
    expect(observed.at(-1)?.symbols.map((s) => s.symbol)).toEqual(['780LTFL30', '799LTFL30']);
  });

  it('knows a change from the start of its day in India, or from the file when fetched before it', () => {
    const outcome = parse(LINES);
    const eternal = outcome.events.find((e) => e.type === 'SymbolsObserved' && e.data.symbols[1]?.symbol === 'ETERNAL');
    expect(eternal?.metadata).toMatchObject({ knownAt: '2025-04-08T18:30:00.000Z', knownAtBasis: 'implied', source: 'nse' });
    const early = parse('ETERNAL LIMITED,ZOMATO,ETERNAL,09-APR-2025\n', { knownAt: '2025-03-20T12:00:00.000Z' });
    expect(early.events[0]?.metadata).toMatchObject({ knownAt: '2025-03-20T12:00:00.000Z', knownAtBasis: 'file' });
  });

  it('reports a line that is not a change and reads the rest; never throws', () => {
    const outcome = parse('A LTD,OLDA,NEWA,01-JAN-2010\nB LTD,OLDB,NEWB,31-FEB-2010\nC LTD,SAME,SAME,01-JAN-2010\nnot a line\n');
    expect(outcome.events).toHaveLength(1);
    expect(outcome.problems.map((p) => p.where)).toEqual(['line 2', 'line 3', 'line 4']);
    expect(parser.parse(givenParseInput(''))).toMatchObject({ ok: false });
    expectNoThrowOnDamagedBytes(parser, LINES, (bytes) => givenParseInput(bytes));
  });
});

describeWithExchangeData("NSE's symbolchange.csv of 2026-08-08", () => {
  it('is detected, and reads its 1,054 lines: 1,045 changes, 9 lines naming one symbol twice', () => {
    const bytes = exchangeFile('api/nse/content-equities/2026-08-08/symbolchange.csv');
    expect(parser.detect('symbolchange.csv', new TextDecoder().decode(bytes.subarray(0, 16 * 1024)))).toBe(true);
    const outcome = parse(bytes);
    expectEveryEventValid(outcome);
    expect(outcome.rows).toBe(1054);
    // Nine lines name one symbol twice (VERTIS,VERTIS; INTERISE; debt lines like 761ABCL35A): no change, reported.
    expect(outcome.events).toHaveLength(1045);
    expect(outcome.problems).toHaveLength(9);
    expect(outcome.problems).toContainEqual({ where: 'line 1013', message: 'the old and new symbols are the same (VERTIS)' });
    const days = dataOf(outcome, 'SymbolsObserved').map((o) => o.symbols[1]?.firstDay ?? '');
    expect([days.reduce((a, b) => (a < b ? a : b)), days.reduce((a, b) => (a > b ? a : b))]).toEqual(['1999-09-15', '2026-08-06']);
  });
});
