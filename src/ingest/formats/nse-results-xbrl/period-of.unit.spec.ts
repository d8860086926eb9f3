import { describe, expect, it } from 'vitest';
import { fiscalYearOf, resolveFiscalYear } from '#platform/time/fiscal-year';
import { periodOf } from './period-of.ts';

const APRIL_MARCH = { start: '2024-04-01', end: '2025-03-31' };
const CALENDAR = { start: '2022-01-01', end: '2022-12-31' };

describe('fiscal calendar', () => {
  it.each([
    ['2024-04-01', '2024-06-30', APRIL_MARCH, { type: 'quarterly', fiscalYear: 2025, fiscalQuarter: 1 }],
    ['2024-04-01', '2024-09-30', APRIL_MARCH, { type: 'half_yearly', fiscalYear: 2025, fiscalQuarter: 2 }],
    ['2024-04-01', '2024-12-31', APRIL_MARCH, { type: 'nine_months', fiscalYear: 2025, fiscalQuarter: 3 }],
    ['2024-04-01', '2025-03-31', APRIL_MARCH, { type: 'annual', fiscalYear: 2025, fiscalQuarter: null }],
    // A January-December company (Nestlé India before 2023): July-September is its third quarter.
    ['2022-07-01', '2022-09-30', CALENDAR, { type: 'quarterly', fiscalYear: 2022, fiscalQuarter: 3 }],
    ['2022-01-01', '2022-12-31', CALENDAR, { type: 'annual', fiscalYear: 2022, fiscalQuarter: null }],
  ])('%s..%s in %j is %j', (start, end, year, expected) => {
    expect(periodOf(start, end, year)).toEqual({ ok: true, value: { start, end, ...expected }, note: null });
  });

  it('dates instants by the quarter they close, the year end being the fourth', () => {
    expect(periodOf(null, '2025-03-31', APRIL_MARCH)).toMatchObject({
      value: { type: 'instant', start: null, fiscalYear: 2025, fiscalQuarter: 4 },
    });
    expect(periodOf(null, '2024-09-30', APRIL_MARCH)).toMatchObject({ value: { fiscalYear: 2025, fiscalQuarter: 2 } });
    // A prior year's balance sheet (the integrated filing's PY_I) belongs to that year.
    expect(periodOf(null, '2024-03-31', APRIL_MARCH)).toMatchObject({ value: { fiscalYear: 2024, fiscalQuarter: 4 } });
    expect(fiscalYearOf('2023-12-31', APRIL_MARCH)).toBe(2024);
  });

  it('takes a fifteen-month transition year as stated, and leaves out twelve months that are not that year', () => {
    const long = resolveFiscalYear({ start: '2022-01-01', end: '2023-03-31' }, '2022-12-31', '2022-01-01');
    expect(long).toEqual({ ok: true, value: { start: '2022-01-01', end: '2023-03-31' }, note: null });
    if (!long.ok) return;
    expect(periodOf('2022-10-01', '2022-12-31', long.value)).toMatchObject({
      value: { type: 'quarterly', fiscalYear: 2023, fiscalQuarter: 4 },
    });
    expect(periodOf('2022-01-01', '2022-12-31', long.value)).toEqual({
      ok: false,
      reason:
        'the period 2022-01-01..2022-12-31 (12 months) is neither the fiscal year 2022-01-01..2023-03-31 nor a quarter, half year or nine months',
    });
    expect(periodOf('2022-01-01', '2023-03-31', long.value)).toMatchObject({ value: { type: 'annual', fiscalYear: 2023 } });
  });
});
