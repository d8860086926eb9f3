import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CorporateActionType } from '#schemas/common/vocabularies';
import { DecimalStringSchema } from '#schemas/common/primitives';
import { parsePurpose } from './parse-purpose.ts';
import { normalisePurpose } from './purpose-text.ts';
import { splitPurpose } from './split-purpose.ts';

interface Expected {
  readonly actionType: CorporateActionType | null;
  readonly amountPerShare: string | null;
  readonly ratio: { readonly new: string; readonly existing: string } | null;
  readonly faceValueFrom: string | null;
  readonly faceValueTo: string | null;
  readonly rightsPremium: string | null;
}

const NONE = { amountPerShare: null, ratio: null, faceValueFrom: null, faceValueTo: null, rightsPremium: null };
const dividend = (amount: string | null = null): Expected => ({ ...NONE, actionType: 'dividend', amountPerShare: amount });
const split = (from: string | null, to: string | null): Expected => ({
  ...NONE,
  actionType: 'stock_split',
  faceValueFrom: from,
  faceValueTo: to,
});
const bonus = (n: string | null, e?: string): Expected => ({
  ...NONE,
  actionType: 'bonus_issue',
  ratio: n === null ? null : { new: n, existing: e ?? '' },
});
const rights = (n: string | null, e: string | null, premium: string | null = null): Expected => ({
  ...NONE,
  actionType: 'rights_issue',
  ratio: n === null || e === null ? null : { new: n, existing: e },
  rightsPremium: premium,
});
const buyback = (price: string | null = null): Expected => ({ ...NONE, actionType: 'buyback', amountPerShare: price });
/** Deliberately unparsed: kept raw with a null type (see the README for why each is). */
const UNPARSED: Expected = { ...NONE, actionType: null };

type Case = readonly [purpose: string, expected: readonly Expected[]];

const read = (purpose: string) =>
  parsePurpose(purpose).map(({ actionType, amountPerShare, ratio, faceValueFrom, faceValueTo, rightsPremium }) => ({
    actionType,
    amountPerShare,
    ratio,
    faceValueFrom,
    faceValueTo,
    rightsPremium,
  }));

const check = (cases: readonly Case[]) =>
  it.each(cases)('%j', (purpose, expected) => {
    expect(read(purpose)).toEqual(expected);
  });

describe('parsePurpose: the forms the project requires', () => {
  check([
    ['Dividend - Rs 5 Per Share', [dividend('5')]],
    ['Interim Dividend - Rs. - 2.5000', [dividend('2.5')]],
    ['Final Dividend - Rs. - 22.5000', [dividend('22.5')]],
    ['Rs. - 0.4000', [dividend('0.4')]],
    ['Bonus 1:1', [bonus('1', '1')]],
    ['Bonus issue 2:1', [bonus('2', '1')]],
    ['Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 2/- Per Share', [split('10', '2')]],
    ['Stock  Split From Rs.10/- to Rs.1/-', [split('10', '1')]],
    ['Rights 1:6 @ Premium Rs 100.98/-', [rights('1', '6', '100.98')]],
    ['Buy Back of Shares ', [buyback()]],
    ['Buyback', [buyback()]],
    ['Interim Dividend - Rs 6 Per Share/Special Dividend - Rs 4 Per Share', [dividend('6'), dividend('4')]],
  ]);
});

// Every distinct Purpose in the real BSE API export
// (data/real/corporate_actions/corporate_actions_20260701_180450.json, 110 records).
describe('parsePurpose: every purpose in the real BSE API JSON', () => {
  check([
    ['Buy Back of Shares ', [buyback()]], // 2x (ROLEXRINGS, TEAMLEASE)
    ['Dividend - Rs. - 0.4000', [dividend('0.4')]],
    ['Dividend - Rs. - 1.5000', [dividend('1.5')]],
    ['Dividend - Rs. - 13.5000', [dividend('13.5')]],
    ['Dividend - Rs. - 15.0000', [dividend('15')]],
    ['Dividend - Rs. - 19.0000', [dividend('19')]],
    ['Dividend - Rs. - 5.0000', [dividend('5')]],
    ['Dividend - Rs. - 6.0000', [dividend('6')]],
    ['Dividend - Rs. - 75.0000', [dividend('75')]],
    ['Dividend - Rs. - 9.0000', [dividend('9')]],
    ['Final Dividend - Rs. - 0.0500', [dividend('0.05')]],
    ['Final Dividend - Rs. - 0.1000', [dividend('0.1')]],
    ['Final Dividend - Rs. - 0.1500', [dividend('0.15')]],
    ['Final Dividend - Rs. - 0.2000', [dividend('0.2')]],
    ['Final Dividend - Rs. - 0.2500', [dividend('0.25')]],
    ['Final Dividend - Rs. - 0.4000', [dividend('0.4')]],
    ['Final Dividend - Rs. - 0.4500', [dividend('0.45')]],
    ['Final Dividend - Rs. - 0.5000', [dividend('0.5')]],
    ['Final Dividend - Rs. - 0.6000', [dividend('0.6')]],
    ['Final Dividend - Rs. - 0.7500', [dividend('0.75')]],
    ['Final Dividend - Rs. - 1.0000', [dividend('1')]],
    ['Final Dividend - Rs. - 1.2500', [dividend('1.25')]],
    ['Final Dividend - Rs. - 1.5000', [dividend('1.5')]],
    ['Final Dividend - Rs. - 10.0000', [dividend('10')]],
    ['Final Dividend - Rs. - 11.0000', [dividend('11')]],
    ['Final Dividend - Rs. - 110.0000', [dividend('110')]],
    ['Final Dividend - Rs. - 12.0000', [dividend('12')]],
    ['Final Dividend - Rs. - 14.0000', [dividend('14')]],
    ['Final Dividend - Rs. - 2.0000', [dividend('2')]],
    ['Final Dividend - Rs. - 2.5000', [dividend('2.5')]],
    ['Final Dividend - Rs. - 20.0000', [dividend('20')]],
    ['Final Dividend - Rs. - 22.5000', [dividend('22.5')]],
    ['Final Dividend - Rs. - 23.5000', [dividend('23.5')]],
    ['Final Dividend - Rs. - 24.0000', [dividend('24')]],
    ['Final Dividend - Rs. - 3.0000', [dividend('3')]],
    ['Final Dividend - Rs. - 3.5000', [dividend('3.5')]],
    ['Final Dividend - Rs. - 33.0000', [dividend('33')]],
    ['Final Dividend - Rs. - 35.0000', [dividend('35')]],
    ['Final Dividend - Rs. - 36.0000', [dividend('36')]],
    ['Final Dividend - Rs. - 4.0000', [dividend('4')]],
    ['Final Dividend - Rs. - 40.0000', [dividend('40')]],
    ['Final Dividend - Rs. - 5.0000', [dividend('5')]],
    ['Final Dividend - Rs. - 50.0000', [dividend('50')]],
    ['Final Dividend - Rs. - 6.0000', [dividend('6')]],
    ['Final Dividend - Rs. - 6.5000', [dividend('6.5')]],
    ['Final Dividend - Rs. - 62.0000', [dividend('62')]],
    ['Final Dividend - Rs. - 7.1000', [dividend('7.1')]],
    ['Final Dividend - Rs. - 7.5000', [dividend('7.5')]],
    ['Final Dividend - Rs. - 8.0000', [dividend('8')]],
    ['Final Dividend - Rs. - 8.5000', [dividend('8.5')]],
    ['Final Dividend - Rs. - 9.0000', [dividend('9')]],
    // No amount stated (TCS; NESTLEIND, AKUMS): a dividend whose amount is unknown, never 0.
    ['Interim Dividend', [dividend()]],
    ['Special Dividend', [dividend()]],
    ['Special Dividend - Rs. - 6.0000', [dividend('6')]],
    ['Special Dividend - Rs. - 7.5000', [dividend('7.5')]],
    ['Stock  Split From Rs.10/- to Rs.1/-', [split('10', '1')]], // 2x (MWL, GUJINJEC)
  ]);
});

// Every distinct Purpose in the real BSE export data/real/corporate_actions/Corporate_Actions.csv
// (472 rows, all stock splits, with BSE's double space after "Stock").
describe('parsePurpose: every purpose in the real BSE corporate-actions CSV', () => {
  check([
    // M50 (590115), 16 Oct 2014: BSE printed no face values; the type is known, the values are not.
    ['Stock  Split From Rs./- to Rs./-', [split(null, null)]],
    ['Stock  Split From Rs.10/- to Rs.1/-', [split('10', '1')]],
    ['Stock  Split From Rs.10/- to Rs.2/-', [split('10', '2')]],
    ['Stock  Split From Rs.10/- to Rs.5/-', [split('10', '5')]],
    ['Stock  Split From Rs.10/- to Rs.6/-', [split('10', '6')]],
    ['Stock  Split From Rs.100/- to Rs.1/-', [split('100', '1')]],
    ['Stock  Split From Rs.100/- to Rs.10/-', [split('100', '10')]],
    ['Stock  Split From Rs.2/- to Rs.1/-', [split('2', '1')]],
    ['Stock  Split From Rs.4/- to Rs.1/-', [split('4', '1')]],
    ['Stock  Split From Rs.4/- to Rs.2/-', [split('4', '2')]],
    ['Stock  Split From Rs.5/- to Rs.1/-', [split('5', '1')]],
    ['Stock  Split From Rs.5/- to Rs.2/-', [split('5', '2')]],
  ]);
});

// NSE's wording (the PURPOSE column of its export, the `subject` of its API). No real NSE file
// is stored here; these are the forms NSE publishes, as quoted in public parsers' tests.
describe('parsePurpose: NSE wording', () => {
  check([
    ['Dividend - Rs 16 Per Share', [dividend('16')]],
    ['Dividend - Re 0.40 Per Share', [dividend('0.4')]],
    ['Dividend - Re 0.25 Per Share', [dividend('0.25')]],
    ['Dividend - Rs 4 Per Sh', [dividend('4')]],
    ['Dividend - Rs5 Per Share', [dividend('5')]],
    ['Dividend - Rs 1,250 Per Share', [dividend('1250')]],
    ['Interim Dividend - Rs 09 Per Share', [dividend('9')]],
    ['Special Dividend - Rs 90 Per Share', [dividend('90')]],
    ['Divdend - Rs 0.50 Per Share', [dividend('0.5')]],
    ['Interim Dividned - Rs 135 Per Share', [dividend('135')]],
    ['Int Div-Rs 0.5 Per Sh', [dividend('0.5')]],
    ['Interimdividend - Re 1 Per Share', [dividend('1')]],
    ['Annual General Meeting/Dividend - Rs 5 Per Share', [dividend('5')]],
    ['Annual General Meetingdividend - Rs  6 Per Share', [dividend('6')]],
    ['Annual General Meeting/Dividend - Rs 5 Per Share/Special Dividend - Rs 10 Per Share', [dividend('5'), dividend('10')]],
    ['Dividend - Rs 4 Per Share & Special Dividend Rs 10 Per Share', [dividend('4'), dividend('10')]],
    ['Interim Dividend - Rs 8 Per Share Special Dividend - Rs 67 Per Share', [dividend('8'), dividend('67')]],
    ['Dividend - Rs 2 Per Share/Rights 1:16 @ Premium Rs 400 Per Share', [dividend('2'), rights('1', '16', '400')]],
    // A percentage needs the face value to become rupees; the purpose module does not guess.
    ['Dividend - 25%', [dividend()]],
    ['Bonus 4:1', [bonus('4', '1')]],
    ['Bonus 3:4', [bonus('3', '4')]],
    ['Bonus 13:10', [bonus('13', '10')]],
    ['Bonus- 1:2', [bonus('1', '2')]],
    ['Bonus Issue', [bonus(null)]],
    ['Bonus issue 1 share for every 2 shares held', [bonus('1', '2')]],
    ['Face Value Split (Sub-Division) - From Rs 10/- Per Share To Re 1/- Per Share', [split('10', '1')]],
    ['Face Value Split (Sub-Division) - From Rs2/- Per Share To Re 1/- Per Share', [split('2', '1')]],
    ['Face Value Split (Sub-Division) - From Re 1/- Per Share To Re 0.50/- Per Share', [split('1', '0.5')]],
    ['Face Value Split From Rs 10 To Rs 2', [split('10', '2')]],
    ['FACE VALUE SPLIT FROM RS.2/- TO RE.1/-', [split('2', '1')]],
    ['Fv Split Rs.2/- To Re.1/-', [split('2', '1')]],
    ['Rights 2:5@ Premium Rs 2/-', [rights('2', '5', '2')]],
    ['Rights 2: 7 @ Premium Rs 10/-', [rights('2', '7', '10')]],
    ['Rights 3:2 @ Prm Rs 0.63/-', [rights('3', '2', '0.63')]],
    ['Rights 1:9 @ Premium 91', [rights('1', '9', '91')]],
    ['Rights 1:1 @ Premium Rs 0/-', [rights('1', '1', '0')]],
    ['Rights 1:11.10 @ Premium Rs 0/-', [rights('1', '11.1', '0')]],
    ['Rights 1:1 At Par', [rights('1', '1', '0')]],
    ['Rights Issue 30:37@ Premium Rs 53/-', [rights('30', '37', '53')]],
    ['Rights 9:77 Partly Paid @ Premium Rs 100/-', [rights('9', '77', '100')]],
    ['Rights 10:63', [rights('10', '63')]],
    ['Right Issue of Equity Shares', [rights(null, null)]],
    ['Right Issue of Equity Shares with Warrants', [rights(null, null)]],
    ['Buy Back', [buyback()]],
    ['Buyback @ Rs 1200 Per Share', [buyback('1200')]],
  ]);
});

describe('parsePurpose: deliberately unparsed (kept raw, type null)', () => {
  check([
    // Not one of the five action types.
    ['Demerger', [UNPARSED]],
    ['Scheme of Arrangement ', [UNPARSED]],
    ['Amalgamation', [UNPARSED]],
    ['Spin Off', [UNPARSED]],
    ['Reduction of Capital ', [UNPARSED]],
    ['Capital Reduction', [UNPARSED]],
    ['Resolution Plan -Suspension ', [UNPARSED]],
    ['Interest Payment', [UNPARSED]],
    ['Redemption', [UNPARSED]],
    ['Mf', [UNPARSED]],
    // A meeting alone is no action; it still gives one event so that nothing is dropped.
    ['Annual General Meeting', [UNPARSED]],
    ['Extra-Ordinary General Meting', [UNPARSED]],
    // A consolidation is a reverse split; the vocabulary has no type for it.
    ['Consolidation of Shares ', [UNPARSED]],
    ['Consolidation Of Equity Shares From Re 1 Per Share To Rs 10 Per Share', [UNPARSED]],
    // Another instrument than the equity share: never an equity bonus or rights issue.
    ['Bonus Ncrps 1:116', [UNPARSED]],
    ['Scheme Of Arrangement - Bonus Ncrps 4:1', [UNPARSED]],
    ['Scheme Of Arangement- Bonus - 1 Debenture For 1 Equity Share Held', [UNPARSED]],
    ['Rights - 7 Ccps And 7 Warrants:40', [UNPARSED]],
    // REIT and InvIT distributions are per unit, not per share.
    ['Income Distribution (InvIT) ', [UNPARSED]],
    ['Income Distribution REITs ', [UNPARSED]],
    ['InvIT - Return of Capital', [UNPARSED]],
    [
      'Distribution - Rs 1.6876 Per Unit Consists Of Dividend Re 0.2958 Per Unit/ Interest - Re 0.7046 Per Unit/ Return Of Capital - Re 0.6872 Per Unit',
      [UNPARSED],
    ],
    ['', [UNPARSED]],
  ]);

  it('keeps the action next to an unparsed part of the same purpose', () => {
    expect(read('Dividend - Rs 2 Per Share/Demerger')).toEqual([dividend('2'), UNPARSED]);
  });
});

describe('splitPurpose', () => {
  it('does not split the "/-" of an amount, a ratio or a label dash', () => {
    expect(splitPurpose('Rights 3:19 @ Premium Rs 74/-')).toEqual(['Rights 3:19 @ Premium Rs 74/-']);
    expect(splitPurpose('Bonus 1:1')).toEqual(['Bonus 1:1']);
    expect(splitPurpose('Dividend - Rs 4 Per Share')).toEqual(['Dividend - Rs 4 Per Share']);
  });

  it('splits on slashes, "&" before an action, and a missing separator after an amount', () => {
    expect(splitPurpose('Annual General Meeting/ Dividend - Rs 5 Per Share')).toEqual([
      'Annual General Meeting',
      'Dividend - Rs 5 Per Share',
    ]);
    expect(splitPurpose('Dividend Rs 2 Per Share And Bonus 1:1')).toEqual(['Dividend Rs 2 Per Share', 'Bonus 1:1']);
  });
});

describe('normalisePurpose', () => {
  it('ignores case and runs of spaces, so BSE double spaces do not make new keys', () => {
    expect(normalisePurpose('Stock  Split From Rs.10/- to Rs.1/-')).toBe(normalisePurpose('stock split from rs.10/- to rs.1/- '));
  });
});

describe('parsePurpose on any text', () => {
  it('never throws, always gives an action, and states figures as exact decimals', () => {
    const purposeLike = fc.oneof(
      fc.string(),
      fc
        .array(
          fc.constantFrom(
            'Dividend',
            'Rs',
            'Re.',
            '-',
            '/',
            '/-',
            ':',
            '1',
            '2.50',
            'Bonus',
            'Rights',
            'Split',
            'From',
            'To',
            '@',
            'Premium',
            'Per Share',
            ' ',
            '&',
            'Buy Back',
            'Ncrps',
          ),
        )
        .map((words) => words.join(' ')),
    );
    fc.assert(
      fc.property(purposeLike, (text) => {
        const actions = parsePurpose(text);
        expect(actions.length).toBeGreaterThan(0);
        for (const action of actions) {
          for (const value of [
            action.amountPerShare,
            action.faceValueFrom,
            action.faceValueTo,
            action.ratio?.new,
            action.ratio?.existing,
          ]) {
            if (value !== null && value !== undefined) expect(DecimalStringSchema.safeParse(value).success).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
