import { describe, expect, it } from 'vitest';
import { weekdaysUpTo } from './weekdays.ts';

describe('exchange calendar spellings', () => {
  it('counts weekdays back from the end date', () => {
    expect(weekdaysUpTo('2025-03-31', 3)).toEqual(['2025-03-27', '2025-03-28', '2025-03-31']);
  });
});
