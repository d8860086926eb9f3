import { describe, expect, it } from 'vitest';
import { quarterEndsUpTo } from '#platform/time/calendar-quarter';
import { simulatedQuarters } from './simulated-quarters.ts';

describe('fiscal quarters', () => {
  it('simulates from the start of the fiscal year of the first quarter filed', () => {
    const ends = quarterEndsUpTo('2025-03-31', 4);
    expect(ends).toEqual(['2024-06-30', '2024-09-30', '2024-12-31', '2025-03-31']);
    expect(simulatedQuarters(ends, 'march').map((q) => q.end)).toEqual(ends);
    expect(simulatedQuarters(ends, 'december').map((q) => q.end)).toEqual(['2024-03-31', ...ends]);
  });
});
