import { describe, expect, it } from 'vitest';
import { istInstant, nseFileStamp, quarterEndsUpTo, weekdaysUpTo } from './calendar.ts';
import { fiscalQuarterOf, simulatedQuarters } from './fiscal-quarters.ts';

describe('fiscal quarters', () => {
  it('names April-March quarters by the year the fiscal year ends in', () => {
    expect(fiscalQuarterOf('2024-12-31', 'march')).toEqual({ fiscalYear: 2025, quarter: 3, start: '2024-10-01', end: '2024-12-31', yearStart: '2024-04-01', yearEnd: '2025-03-31' });
    expect(fiscalQuarterOf('2025-03-31', 'march')).toMatchObject({ fiscalYear: 2025, quarter: 4, start: '2025-01-01' });
  });

  it('names January-December quarters by their calendar year', () => {
    expect(fiscalQuarterOf('2024-06-30', 'december')).toEqual({ fiscalYear: 2024, quarter: 2, start: '2024-04-01', end: '2024-06-30', yearStart: '2024-01-01', yearEnd: '2024-12-31' });
  });

  it('simulates from the start of the fiscal year of the first quarter filed', () => {
    const ends = quarterEndsUpTo('2025-03-31', 4);
    expect(ends).toEqual(['2024-06-30', '2024-09-30', '2024-12-31', '2025-03-31']);
    expect(simulatedQuarters(ends, 'march').map((q) => q.end)).toEqual(ends);
    expect(simulatedQuarters(ends, 'december').map((q) => q.end)).toEqual(['2024-03-31', ...ends]);
  });
});

describe('exchange calendar spellings', () => {
  it('stamps XBRL file names with a 12-hour clock, as NSE does', () => {
    expect(nseFileStamp(istInstant('2025-01-31', 18 * 3600 + 45 * 60 + 16))).toBe('31012025064516');
    expect(nseFileStamp(istInstant('2025-01-28', 11 * 3600 + 50 * 60 + 46))).toBe('28012025115046');
  });

  it('counts weekdays back from the end date', () => {
    expect(weekdaysUpTo('2025-03-31', 3)).toEqual(['2025-03-27', '2025-03-28', '2025-03-31']);
  });
});
