import { describe, expect, it } from 'vitest';
import { fiscalQuarterOfMonth, fiscalQuarterSpan, previousQuarter } from './fiscal-quarter.ts';

describe('the fiscal calendar', () => {
  it.each([
    [2023, 4, 1, 2024],
    [2023, 6, 1, 2024],
    [2023, 7, 2, 2024],
    [2023, 12, 3, 2024],
    [2024, 1, 4, 2024],
    [2024, 3, 4, 2024],
  ])('%i-%i is in Q%i FY%i', (y, month, quarter, fiscalYear) => {
    expect(fiscalQuarterOfMonth(y, month)).toEqual({ fiscalYear, quarter });
  });

  it('steps back a quarter across years', () => {
    expect(previousQuarter({ fiscalYear: 2025, quarter: 1 })).toEqual({ fiscalYear: 2024, quarter: 4 });
  });
});

describe('fiscal quarters', () => {
  it('names April-March quarters by the year the fiscal year ends in', () => {
    expect(fiscalQuarterSpan('2024-12-31', 'march')).toEqual({
      fiscalYear: 2025,
      quarter: 3,
      start: '2024-10-01',
      end: '2024-12-31',
      yearStart: '2024-04-01',
      yearEnd: '2025-03-31',
    });
    expect(fiscalQuarterSpan('2025-03-31', 'march')).toMatchObject({ fiscalYear: 2025, quarter: 4, start: '2025-01-01' });
  });

  it('names January-December quarters by their calendar year', () => {
    expect(fiscalQuarterSpan('2024-06-30', 'december')).toEqual({
      fiscalYear: 2024,
      quarter: 2,
      start: '2024-04-01',
      end: '2024-06-30',
      yearStart: '2024-01-01',
      yearEnd: '2024-12-31',
    });
  });
});
