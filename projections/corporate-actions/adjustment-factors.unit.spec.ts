import { describe, expect, it } from 'vitest';
import {
  type AdjustingAction,
  decimalText,
  distinctActions,
  dividendFactor,
  inverse,
  rightsFactor,
  scaled,
  shareCountFactor,
  shareFactorOf,
} from './adjustment-factors.ts';

const action = (overrides: Partial<AdjustingAction> & Pick<AdjustingAction, 'id' | 'action_type' | 'ex_date'>): AdjustingAction => ({
  ratio_new: null,
  ratio_existing: null,
  face_value_from: null,
  face_value_to: null,
  amount_per_share: null,
  ...overrides,
});

// Corporate_Actions.csv (BSE): 500112,SBIN,20 Nov 2014,Stock  Split From Rs.10/- to Rs.1/-,21 Nov 2014,...
const SBIN_SPLIT = action({
  id: 'sbin-split',
  action_type: 'stock_split',
  ex_date: '2014-11-20',
  face_value_from: '10',
  face_value_to: '1',
});
// RELIANCE's 1:1 bonuses, ex 26 Nov 2009, 7 Sep 2017 and 28 Oct 2024 (the price halves on each ex-date).
const bonus = (id: string, exDate: string) =>
  action({ id, action_type: 'bonus_issue', ex_date: exDate, ratio_new: '1', ratio_existing: '1' });
const RELIANCE_BONUSES = [bonus('b2009', '2009-11-26'), bonus('b2017', '2017-09-07'), bonus('b2024', '2024-10-28')];

const shown = (outcome: ReturnType<typeof shareFactorOf>) => (outcome.ok ? decimalText(outcome) : outcome.reason);

describe('shareFactorOf', () => {
  it('is F1/F2 for a split of face value and (A+B)/B for a bonus A:B', () => {
    expect(shown(shareFactorOf(SBIN_SPLIT))).toBe('10');
    expect(shown(shareFactorOf(bonus('b', '2017-09-07')))).toBe('2');
    expect(
      shown(shareFactorOf(action({ id: 'x', action_type: 'bonus_issue', ex_date: '2020-01-01', ratio_new: '3', ratio_existing: '2' }))),
    ).toBe('2.5');
    // 1:3 is 4/3: shown to 12 places, applied exactly.
    const third = shareFactorOf(
      action({ id: 'x', action_type: 'bonus_issue', ex_date: '2020-01-01', ratio_new: '1', ratio_existing: '3' }),
    );
    expect(shown(third)).toBe('1.333333333333');
    expect(third.ok && scaled('300', inverse(third), 4)).toBe('225');
  });

  it('gives a reason, never a guess, when the action does not state its figures', () => {
    expect(shown(shareFactorOf(action({ id: 'x', action_type: 'stock_split', ex_date: '2011-01-01' })))).toBe(
      'the face values of the split are not stated',
    );
    expect(shown(shareFactorOf(action({ id: 'x', action_type: 'bonus_issue', ex_date: '2011-01-01', ratio_new: '1' })))).toBe(
      'the bonus ratio is not stated',
    );
  });
});

describe('prices across a split and a bonus, by hand', () => {
  it('SBIN: the last close before the 10→1 split, 2910.5, is 291.05 split-adjusted (the first close after: 297.1)', () => {
    const split = shareFactorOf(SBIN_SPLIT);
    expect(split.ok && scaled('2910.5', inverse(split), 4)).toBe('291.05');
    // Volume the other way: 2,073,593 shares before are 20,735,930 of today's.
    expect(split.ok && scaled('2073593', split, 4)).toBe('20735930');
  });

  it('RELIANCE: 1645.4 on 6 Sep 2017 is 822.7 after the 1:1 bonus (the next close: 818.1)', () => {
    const [, b2017] = RELIANCE_BONUSES;
    const factor = b2017 && shareFactorOf(b2017);
    expect(factor && factor.ok && scaled('1645.4', inverse(factor), 4)).toBe('822.7');
  });
});

describe('shareCountFactor', () => {
  it('multiplies the splits and bonuses that went ex after from and on or before to', () => {
    expect(shareCountFactor(RELIANCE_BONUSES, '2009-11-25', '2024-10-28')).toMatchObject({ factor: '8', numerator: '8', denominator: '1' });
    expect(shareCountFactor(RELIANCE_BONUSES, '2009-11-26', '2024-10-27').actions).toEqual([
      { ids: ['b2017'], ex_date: '2017-09-07', factor: '2' },
    ]);
    expect(shareCountFactor(RELIANCE_BONUSES, '2021-01-06', '2021-01-06')).toMatchObject({ factor: '1', actions: [] });
  });

  it('is the inverse from a later day to an earlier one: the 6 Jan 2021 close against a share count after Oct 2024', () => {
    expect(shareCountFactor(RELIANCE_BONUSES, '2025-03-31', '2021-01-06')).toMatchObject({
      factor: '0.5',
      numerator: '1',
      denominator: '2',
    });
  });

  it('ignores other actions, counts one action announced twice once, and lists what it could not use', () => {
    const dividend = action({ id: 'd', action_type: 'dividend', ex_date: '2014-06-01', amount_per_share: '30' });
    const again = { ...SBIN_SPLIT, id: 'sbin-split-nse' };
    const unknown = action({ id: 'u', action_type: 'stock_split', ex_date: '2014-12-01' });
    expect(shareCountFactor([dividend, SBIN_SPLIT, again, unknown], '2014-01-01', '2015-01-01')).toEqual({
      factor: '10',
      numerator: '10',
      denominator: '1',
      actions: [{ ids: ['sbin-split', 'sbin-split-nse'], ex_date: '2014-11-20', factor: '10' }],
      unusable: [{ ids: ['u'], ex_date: '2014-12-01', reason: 'the face values of the split are not stated' }],
    });
  });
});

describe('dividendFactor and rightsFactor', () => {
  it('is (P − D) / P for a dividend D against the last close P', () => {
    const factor = dividendFactor('10', '817.9');
    expect(factor.ok && decimalText(factor)).toBe('0.987773566451'); // 807.9 / 817.9
    expect(factor.ok && scaled('817.9', factor, 4)).toBe('807.9');
    expect(dividendFactor(null, '817.9')).toEqual({ ok: false, reason: 'the dividend amount is not stated' });
    expect(dividendFactor('10', null)).toEqual({ ok: false, reason: 'no close before the ex-date is held' });
    expect(dividendFactor('900', '817.9')).toEqual({ ok: false, reason: 'the dividend 900 is not below the close 817.9' });
  });

  it('is E / P for rights A:B at S, E = (P·B + S·A) / (A + B)', () => {
    // 1 new for 15 held at 1257 against 1441.25: E = (1441.25·15 + 1257) / 16 = 1429.734375.
    const factor = rightsFactor('1', '15', '1257', '1441.25');
    expect(factor.ok && scaled('1441.25', factor, 6)).toBe('1429.734375');
    expect(factor.ok && decimalText(factor)).toBe('0.992009973981');
    expect(rightsFactor('1', '15', null, '1441.25')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('issue price is not recorded'),
    });
  });
});

describe('distinctActions', () => {
  it('groups copies by type, ex-date and figures, however the figures are written', () => {
    const copies = distinctActions([SBIN_SPLIT, { ...SBIN_SPLIT, id: 'copy', face_value_from: '10.00' }, bonus('b', '2014-11-20')]);
    expect(copies.map((c) => c.ids)).toEqual([['sbin-split', 'copy'], ['b']]);
  });
});
