import { describe, expect, it } from 'vitest';
import { initialsOf } from './short-names.ts';

describe('initialsOf', () => {
  it.each([
    ['Hindustan Unilever Limited', ['HU', 'HUL']],
    ['State Bank of India', ['SBI']],
    ['Larsen & Toubro Limited', ['LT', 'LTL']],
    ["Dr. Reddy's Laboratories Limited", ['DRL', 'DRLL']],
    ['Reliance Industries Ltd.', ['RI', 'RIL']],
    ['Bharat Heavy Electricals Limited', ['BHE', 'BHEL']],
  ])('%s', (name, initials) => {
    expect(initialsOf(name)).toEqual(initials);
  });
});
