import { describe, expect, it } from 'vitest';
import { resolveFiscalYear } from './fiscal-year.ts';

const APRIL_MARCH = { start: '2024-04-01', end: '2025-03-31' };
const APRIL_MARCH_2023 = { start: '2022-04-01', end: '2023-03-31' };

describe('resolveFiscalYear', () => {
  it('repairs an impossible stated year from its start, and says so', () => {
    // Tata Motors PV, Q1 FY23: the year's end was filed as the quarter's end.
    expect(resolveFiscalYear({ start: '2022-04-01', end: '2022-06-30' }, '2022-06-30', null)).toEqual({
      ok: true,
      value: { start: '2022-04-01', end: '2023-03-31' },
      note: 'the financial year stated (2022-04-01..2022-06-30) is not a year containing 2022-06-30; taken as 2022-04-01..2023-03-31',
    });
    // Power Grid, H1 FY23: the end before the start.
    expect(resolveFiscalYear({ start: '2022-04-01', end: '2022-03-31' }, '2022-09-30', '2022-04-01')).toMatchObject({
      value: APRIL_MARCH_2023,
    });
    expect(resolveFiscalYear({ start: null, end: '2025-03-31' }, '2024-12-31', null)).toMatchObject({ value: APRIL_MARCH });
    expect(resolveFiscalYear({ start: 'garbage', end: null }, '2024-12-31', null)).toEqual({
      ok: false,
      reason: 'the financial year stated (garbage..no end) does not contain the reporting date 2024-12-31',
    });
  });
});
