import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDailyCsvParser } from '#ingest/shared/price-support';
import { BUNDLED_SAMPLE_DIR } from '#platform/config';
import { givenParseInput } from '../../../../test/support/parse-input.ts';
import { nseDailyHistoryFormat } from './parser.ts';

/** The parser as served: a file this small has its candles held between the survey and the events. */
const holding = createDailyCsvParser(nseDailyHistoryFormat);
/** The same format reading every file again for its events, as it does a file of several MiB. */
const readingAgain = createDailyCsvParser(nseDailyHistoryFormat, 0);

/**
 * The bundled RELIANCE history (5,020 rows: eleven parts of candles) with what the survey has to
 * remember for the last pass: a second symbol for a year (a SymbolsObserved event), a bad row, a
 * row with a cell too many, an exact repeat and a conflicting one.
 */
function damagedHistory(): string {
  const [header = '', ...rows] = readFileSync(path.join(BUNDLED_SAMPLE_DIR, 'prices', 'daily', 'RELIANCE.csv'), 'utf8')
    .trimEnd()
    .split('\n');
  const renamed = rows.map((row) => (row.startsWith('2001-') ? row.replace(',RELIANCE,', ',RELIANCEOLD,') : row));
  const [first = '', second = ''] = renamed;
  return [
    header,
    ...renamed.slice(0, 700),
    first,
    second.replace(/,(\d+(?:\.\d+)?),(\d+(?:\.\d+)?),(\d+(?:\.\d+)?),(\d+(?:\.\d+)?),/, ',$1,$2,$3,1.5,'),
    '2021-01-01,RELIANCE,EQ,1,abc,2,1,1,1,1,10,1000.0,,,',
    `${renamed[800] ?? ''},9`,
    ...renamed.slice(700),
  ].join('\n');
}

describe('a daily price file read again for its events, as a large one is', () => {
  it('makes the events, problems and counts that holding its candles does', () => {
    const input = givenParseInput(damagedHistory(), { fileName: 'RELIANCE.csv' });
    const held = holding.parse(input);
    const again = readingAgain.parse(input);
    expect(again).toEqual(held);
    if (!held.ok) throw new Error(held.reason);
    // What the comparison covers: parts, the symbols seen, and every kind of dropped row.
    expect(held.events.map((e) => e.type)).toEqual([...Array<string>(11).fill('PricesRecorded'), 'SymbolsObserved']);
    const messages = held.problems.map((p) => p.message).join('\n');
    expect(messages).toMatch(/repeats the candle of line 2 exactly; dropped/);
    expect(messages).toMatch(/a second candle for RELIANCE EQ starting .* differing from line 3, which is kept; dropped/);
    expect(messages).toMatch(/has 16 cells where the file's rows have 15/);
    expect(held.problems.length).toBeGreaterThanOrEqual(4);
  }, 30_000);

  it('makes its events again, the same, each time they are taken', () => {
    const outcome = readingAgain.parseRun?.(givenParseInput(damagedHistory(), { fileName: 'RELIANCE.csv' }));
    if (!outcome?.ok) throw new Error('expected a run');
    expect([...outcome.run.make()]).toEqual([...outcome.run.make()]);
    expect([...outcome.run.make()]).toHaveLength(outcome.run.count);
  }, 30_000);
});
