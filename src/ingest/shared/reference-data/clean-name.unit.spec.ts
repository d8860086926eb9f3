import { describe, expect, it } from 'vitest';
import { cleanName, decodeHtmlEntities } from './clean-name.ts';
import { pickOnePerKey } from './pick-one-per-key.ts';
import { sectorName } from './sector-name.ts';

describe('cleanName', () => {
  it.each([
    ['Oil Marketing &amp; Distribution', 'Oil Marketing & Distribution'],
    ['STEL Holdings&#160;Limited', 'STEL Holdings Limited'],
    ['Meenakshi Steel Industries Ltd.,', 'Meenakshi Steel Industries Ltd.'],
    ['Tata Motors  Ltd - DVR', 'Tata Motors Ltd - DVR'],
    ['Housing Finance ', 'Housing Finance'],
    [' ', null],
    ['-', null],
  ])('%j is %j', (text, name) => {
    expect(cleanName(text)).toBe(name);
  });

  it('leaves unknown entities as written', () => {
    expect(decodeHtmlEntities('A &foo; B &#x26; C')).toBe('A &foo; B & C');
  });
});

describe('sectorName', () => {
  it("spells BSE's sectors as the NIFTY lists do", () => {
    expect(sectorName('Oil, Gas & Consumable Fuels')).toBe('Oil Gas & Consumable Fuels');
    expect(sectorName('Media, Entertainment & Publication')).toBe('Media Entertainment & Publication');
    expect(sectorName('Capital Goods')).toBe('Capital Goods');
    expect(sectorName('-')).toBeNull();
  });
});

describe('pickOnePerKey', () => {
  it('keeps the best-ranked row per key, first on ties, and says which it displaced', () => {
    const rows = [
      { key: 'a', rank: 1, n: 1 },
      { key: 'a', rank: 0, n: 2 },
      { key: 'b', rank: 0, n: 3 },
      { key: 'a', rank: 0, n: 4 },
    ];
    const { kept, displaced } = pickOnePerKey(
      rows,
      (r) => r.key,
      (r) => r.rank,
    );
    expect(kept.map((r) => r.n)).toEqual([2, 3]);
    expect(displaced.map(({ row, keptRow }) => [row.n, keptRow.n])).toEqual([
      [1, 2],
      [4, 2],
    ]);
  });
});
