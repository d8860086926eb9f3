import { describe, expect, it } from 'vitest';
import { dateLists, type ListContent } from './list-dates.ts';

const list = (document: string, isins: readonly string[], more: Partial<ListContent> = {}): ListContent => ({
  document,
  file: `${document}.csv`,
  givenOn: null,
  newestListing: null,
  isins,
  ...more,
});

/** The day, rank and inference of each list, by document; with the lists in both orders, which must agree. */
function dated(lists: readonly ListContent[]) {
  const forward = dateLists(lists);
  expect(dateLists([...lists].reverse())).toEqual(forward);
  return Object.fromEntries(forward.map((d) => [d.document, [d.on, d.rank, d.inferred]]));
}

// HDFC Bank's equity share as the real lists show it: INE040A01026 (BSE 2015), INE040A01034 (since its 2019 split).
const HDFC_2015 = 'INE040A01026';
const HDFC_2019 = 'INE040A01034';

describe('dateLists', () => {
  it("bounds NSE's master a week before the newest listing date it states", () => {
    // The April 2022 EQUITY_L: SHAILY lists on 04-APR-2022, a day after the copy was taken.
    expect(dated([list('nse-2022', [HDFC_2019], { newestListing: '2022-04-04' })])).toEqual({ 'nse-2022': ['2022-03-28', 1, true] });
  });

  it('puts a list that shows an ISIN another shows replaced after it, on its day, and carries the day along', () => {
    expect(
      dated([
        list('bse-2015', [HDFC_2015, 'INE920A01011']),
        list('nse-2024', [HDFC_2019, 'INE920A01029'], { newestListing: '2024-01-23' }),
        // Dolphin Offshore after its split to face value 1, where the NSE master shows INE920A01029.
        list('bse-2024', [HDFC_2019, 'INE920A01037']),
      ]),
    ).toEqual({
      // Older than every list: nothing dates it.
      'bse-2015': [null, 0, false],
      'nse-2024': ['2024-01-16', 1, true],
      'bse-2024': ['2024-01-16', 2, true],
    });
  });

  it('orders nothing by an issuer whose two equity lines one list shows together (an ordinary share and its DVR)', () => {
    // GATECH INE224E01028 and GATECHDVR INE224E01036 in one list; the other shows the ordinary share only.
    expect(dated([list('a', ['INE224E01028', 'INE224E01036']), list('b', ['INE224E01028'])])).toEqual({
      a: [null, 0, false],
      b: [null, 0, false],
    });
  });

  it('orders undated lists among themselves without dating them', () => {
    expect(dated([list('bse-2015', [HDFC_2015]), list('nifty-2020', [HDFC_2019])])).toEqual({
      'bse-2015': [null, 0, false],
      'nifty-2020': [null, 1, false],
    });
  });

  it('keeps the date given for a list, and dates by it the lists that come after it', () => {
    expect(dated([list('given', [HDFC_2015], { givenOn: '2015-07-13', newestListing: '2024-01-23' }), list('later', [HDFC_2019])])).toEqual(
      { given: ['2015-07-13', 0, false], later: ['2015-07-13', 1, true] },
    );
  });

  it('leaves lists that contradict each other unordered, sharing the latest bound among them', () => {
    expect(
      dated([list('x', ['INE040A01034', 'INE237A01028'], { newestListing: '2024-01-23' }), list('y', ['INE040A01026', 'INE237A01036'])]),
    ).toEqual({ x: ['2024-01-16', 1, true], y: ['2024-01-16', 1, true] });
  });

  it('says what each day rests on', () => {
    const [bse, nse] = dateLists([
      list('nse', ['INE920A01029'], { file: 'EQUITY_L.csv', newestListing: '2024-01-23' }),
      list('bse', ['INE920A01037'], { file: 'Equity.csv' }),
    ]);
    expect(nse?.basis).toBe('a week before the newest listing date it states, 2024-01-23');
    expect(bse?.basis).toBe('after INE920A01037 replaces INE920A01029 of EQUITY_L.csv');
  });
});
