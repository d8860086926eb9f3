import { describe, expect, it } from 'vitest';
import type { Candle } from '#schemas/read-models/price';
import type { AdjustingActionRow } from '#projections/corporate-actions/list-adjusting-actions';
import { adjustCandles } from './adjust-candles.ts';
import { priceFactors } from './price-factors.ts';

const candle = (date: string, close: string, volume: string | null = '1000'): Candle => ({
  exchange: 'NSE',
  ticker: 'SBIN',
  series: 'EQ',
  isin: null,
  interval: '1d',
  start: `${date}T03:45:00.000Z`,
  open: close,
  high: close,
  low: close,
  close,
  volume,
  value: '123',
  trades: 7,
  previous_close: '1',
  derived: false,
  known_at: '2020-02-28T10:00:00.000Z',
  recorded_at: '2026-01-01T00:00:00.000Z',
  source_url: null,
  source_file: 'SBIN.csv',
  source_document: 'abc',
});

const action = (
  overrides: Partial<AdjustingActionRow> & Pick<AdjustingActionRow, 'id' | 'action_type' | 'ex_date'>,
): AdjustingActionRow => ({
  ratio_new: null,
  ratio_existing: null,
  face_value_from: null,
  face_value_to: null,
  amount_per_share: null,
  purpose: 'p',
  known_at: '2014-11-01T00:00:00.000Z',
  ...overrides,
});

const SPLIT = action({ id: 's', action_type: 'stock_split', ex_date: '2014-11-20', face_value_from: '10', face_value_to: '1' });

describe('adjustCandles', () => {
  it('scales the candles before the ex-date only, prices down and volume up; value and trades stay', () => {
    const factors = priceFactors([SPLIT], 'splits', () => undefined);
    const [before, on] = adjustCandles([candle('2014-11-19', '2910.5', '2073593'), candle('2014-11-20', '297.1')], factors);
    expect(before).toMatchObject({ open: '291.05', close: '291.05', volume: '20735930', value: '123', trades: 7, previous_close: null });
    expect(on).toMatchObject({ close: '297.1', volume: '1000', previous_close: null });
  });

  it('keeps the published text where no factor applies, and a missing volume missing', () => {
    const [only] = adjustCandles(
      [candle('2014-11-19', '2910.50', null)],
      priceFactors([], 'splits', () => undefined),
    );
    expect(only).toMatchObject({ close: '2910.50', volume: null });
  });

  it('leaves out what a mode does not adjust for, and an action it cannot compute, saying why', () => {
    const dividend = action({ id: 'd', action_type: 'dividend', ex_date: '2014-06-01', amount_per_share: '5' });
    const unknown = action({ id: 'u', action_type: 'bonus_issue', ex_date: '2014-12-01' });
    expect(
      priceFactors([dividend, SPLIT, unknown], 'splits', () => undefined).map((f) => [f.shown.action_ids, f.shown.applied, f.shown.reason]),
    ).toEqual([
      [['s'], true, null],
      [['u'], false, 'the bonus ratio is not stated'],
    ]);
    const all = priceFactors([dividend], 'all', () => undefined);
    expect(all[0]?.shown).toMatchObject({ applied: false, reason: 'no close before the ex-date is held', price_factor: null });
    const [adjusted] = adjustCandles([candle('2014-05-30', '100')], all);
    expect(adjusted?.close).toBe('100');
  });
});
