import { describe, expect, it } from 'vitest';
import { findAmounts } from './find-amounts.ts';
import { readAmountAt, withUnitOf } from './read-amount.ts';

describe('readAmountAt', () => {
  it.each([
    ['60,000 crore', 'currency', '600000000000'],
    ['₹60,000 crore', 'currency', '600000000000'],
    ['Rs 500 cr', 'currency', '5000000000'],
    ['Rs. 55000 Cr', 'currency', '550000000000'],
    ['INR 50 lakh', 'currency', '5000000'],
    ['2 lakhs', 'currency', '200000'],
    ['1.5 lakh crore', 'currency', '1500000000000'],
    ['1 lakh cr', 'currency', '1000000000000'],
    ['3 lac crores', 'currency', '3000000000000'],
    ['1,00,000 crore', 'currency', '1000000000000'],
    ['2 billion', 'currency', '2000000000'],
    ['500 crore rupees', 'currency', '5000000000'],
    ['Rs 40', 'currency', '40'],
    ['20%', 'percent', '20'],
    ['12.5 per cent', 'percent', '12.5'],
    ['15 percent', 'percent', '15'],
    ['0.5x', 'times', '0.5'],
    ['3 times', 'times', '3'],
    ['0.5', 'plain', '0.5'],
    ['-5', 'plain', '-5'],
    ['5000', 'plain', '5000'],
  ])('reads %j as %s %s', (text, kind, value) => {
    expect(readAmountAt(text, 0)).toMatchObject({ kind, value, start: 0, end: text.length });
  });

  it('does not take the start of a word for a unit', () => {
    expect(readAmountAt('5 kilos', 0)).toMatchObject({ kind: 'plain', value: '5', end: 1 });
    expect(readAmountAt('20 crorepati', 0)).toMatchObject({ kind: 'plain', value: '20' });
  });

  it('is undefined where no number is written', () => {
    expect(readAmountAt('Rs crore', 0)).toBeUndefined();
  });

  it('lends the unit of a range end to its bare start: "between 1 and 2 lakh crore"', () => {
    const [low, high] = findAmounts('between 1 and 2 lakh crore');
    expect(low && high && withUnitOf(low, high)).toMatchObject({ kind: 'currency', value: '1000000000000' });
  });
});

describe('findAmounts', () => {
  it('finds each amount once, and none inside words', () => {
    expect(findAmounts('ROE above 20% and D/E below 0.5, M2 and 3M').map((a) => a.value)).toEqual(['20', '0.5']);
  });
});
