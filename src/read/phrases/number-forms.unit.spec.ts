import { describe, expect, it } from 'vitest';
import { Decimal } from '#platform/decimals/exact-decimal';
import { findDateExpressions } from '#domain/indian-text/date-expressions';
import { formatDay } from '#domain/indian-text/date-expressions';
import { formatInstant, parseInstant } from '#platform/time/instant';
import { inrScaleOf } from '#domain/indian-text/amount-scale';
import { groupIndian } from '#domain/indian-text/indian-digits';
import { conditionValue, readingMatches, renderInr, renderPercent, renderPlain, renderRatioAsPercent } from './number-forms.ts';
import { findNumberTokens } from '#domain/indian-text/number-tokens';

const d = (v: string) => new Decimal(v);

describe('renderings', () => {
  it('groups digits the Indian way', () => {
    expect(['1', '123', '1234', '123456', '1234567', '59273800000'].map(groupIndian)).toEqual([
      '1',
      '123',
      '1,234',
      '1,23,456',
      '12,34,567',
      '59,27,38,00,000',
    ]);
  });

  it('renders rupees exactly in the scale of the filing, with at least two decimals in crore and lakh', () => {
    expect(renderInr(d('59273800000'), 'crore')).toBe('₹5,927.38 crore');
    expect(renderInr(d('59270000000'), 'crore')).toBe('₹5,927.00 crore');
    expect(renderInr(d('59273812345'), 'crore')).toBe('₹5,927.3812345 crore');
    expect(renderInr(d('1250000'), 'lakh')).toBe('₹12.50 lakh');
    expect(renderInr(d('-125000000'), 'crore')).toBe('-₹12.50 crore');
    expect(renderInr(d('252300000.5'), 'rupees', 2)).toBe('₹25,23,00,000.50');
    expect([inrScaleOf('Crores'), inrScaleOf('lakhs'), inrScaleOf(null), inrScaleOf('millions')]).toEqual([
      'crore',
      'lakh',
      'rupees',
      'rupees',
    ]);
  });

  it("reads a plan condition's threshold as a packet value: lakh and crore in any spelling multiplied out", () => {
    const value = (unit: string, v = '2.5') => conditionValue({ operator: '>', value: v, unit });
    const read = (unit: string) => {
      const { value: amount, kind } = value(unit);
      return [amount.toFixed(), kind];
    };
    expect(['crore', 'Crores', 'Cr.', 'lakh', 'lacs', 'lakh crore', 'INR', 'Rs', 'INR/share'].map(read)).toEqual([
      ['25000000', 'inr'],
      ['25000000', 'inr'],
      ['25000000', 'inr'],
      ['250000', 'inr'],
      ['250000', 'inr'],
      ['2500000000000', 'inr'],
      ['2.5', 'inr'],
      ['2.5', 'inr'],
      ['2.5', 'inr'],
    ]);
    expect(['percent', '%', 'ratio', 'million', 'shares'].map(read)).toEqual([
      ['2.5', 'percent'],
      ['2.5', 'percent'],
      ['2.5', 'ratio'],
      ['2.5', 'count'],
      ['2.5', 'count'],
    ]);
  });

  it('renders ratios ×100 as percentages, percentages and plain values exactly', () => {
    expect(renderRatioAsPercent(d('0.184194'))).toBe('18.4194%');
    expect(renderRatioAsPercent(d('0.150000'))).toBe('15%');
    expect(renderRatioAsPercent(d('-0.052'))).toBe('-5.2%');
    expect(renderPercent(d('54.30'))).toBe('54.3%');
    expect(renderPlain(d('0.450000'))).toBe('0.45');
    expect(renderPlain(d('123456'))).toBe('1,23,456');
  });

  it('every rendering reads back as a match of its own value', () => {
    const cases: Array<[string, (v: Decimal) => string, 'inr' | 'ratio' | 'percent' | 'count']> = [
      ['59273800000', (v) => renderInr(v, 'crore'), 'inr'],
      ['-1234567.89', (v) => renderInr(v, 'lakh'), 'inr'],
      ['2043.5', (v) => renderInr(v, 'rupees', 2), 'inr'],
      ['0.184194', renderRatioAsPercent, 'ratio'],
      ['-0.6', renderPercent, 'percent'],
      ['123456', renderPlain, 'count'],
    ];
    for (const [value, render, kind] of cases) {
      const [token, ...rest] = findNumberTokens(`was ${render(d(value))} in`);
      expect(rest).toEqual([]);
      expect(token && readingMatches(token, kind, d(value)), value).toBe(true);
    }
  });
});

describe('reading numbers in prose', () => {
  const read = (text: string) => findNumberTokens(text).map((t) => [t.text, t.amount.toFixed(), t.percent, t.currency]);

  it('reads signs, currencies, Indian and Western grouping, percentages and multiplier words', () => {
    expect(read('₹5,927.38 crore, -12.5%, (-0.6%), 1,23,456.78 and 123,456,789, Rs. 45, INR 1.5 lakh crore, 5 per cent, 2.5 bn')).toEqual([
      ['₹5,927.38 crore', '59273800000', false, true],
      ['-12.5%', '-12.5', true, false],
      ['-0.6%', '-0.6', true, false],
      ['1,23,456.78', '123456.78', false, false],
      ['123,456,789', '123456789', false, false],
      ['Rs. 45', '45', false, true],
      ['INR 1.5 lakh crore', '1500000000000', false, true],
      ['5 per cent', '5', true, false],
      ['2.5 bn', '2500000000', false, false],
    ]);
  });

  it('does not take hyphens inside words and ranges as signs, nor an invalid grouping as one number', () => {
    expect(read('2024-25 and Q3 and 1,2345 and years 5')).toEqual([
      ['2024', '2024', false, false],
      ['25', '25', false, false],
      ['3', '3', false, false],
      ['1', '1', false, false],
      ['2345', '2345', false, false],
      ['5', '5', false, false],
    ]);
  });
});

describe('dates', () => {
  it('formats days and instants the way the check reads them', () => {
    expect(formatDay('2024-12-31')).toBe('31 December 2024');
    expect(formatInstant('2025-01-31T13:15:56.000Z')).toBe('2025-01-31 13:15 UTC');
    expect(formatInstant('2025-01-31T18:45:56+05:30')).toBe('2025-01-31 13:15 UTC');
    expect(parseInstant('2025-01-31T13:15:56.123456Z')).toBe(Date.UTC(2025, 0, 31, 13, 15, 56, 123));
    expect(parseInstant('31/01/2025')).toBeUndefined();
  });

  it('finds dates in the recognised forms, most specific first', () => {
    const claims = findDateExpressions(
      'on 2025-01-31 13:15 UTC, for 31 December 2024, December 31, 2024, Q3 FY2025, Q3 FY24-25, FY25, fiscal year 2024, March 2024, FY2024-26',
    ).map((e) => [e.text, e.claim]);
    expect(claims).toEqual([
      ['2025-01-31 13:15 UTC', { kind: 'instant', ms: Date.UTC(2025, 0, 31, 13, 15), precisionMs: 60_000 }],
      ['31 December 2024', { kind: 'day', day: '2024-12-31' }],
      ['December 31, 2024', { kind: 'day', day: '2024-12-31' }],
      ['Q3 FY2025', { kind: 'quarter', quarter: 3, year: 2025 }],
      ['Q3 FY24-25', { kind: 'quarter', quarter: 3, year: 2025 }],
      ['FY25', { kind: 'fiscal_year', year: 2025 }],
      ['fiscal year 2024', { kind: 'fiscal_year', year: 2024 }],
      ['March 2024', { kind: 'month', month: '2024-03' }],
      ['FY2024-26', { kind: 'invalid' }],
    ]);
  });

  it('an impossible date is invalid, and an IST time is converted', () => {
    expect(findDateExpressions('30 February 2024').map((e) => e.claim)).toEqual([{ kind: 'invalid' }]);
    expect(findDateExpressions('2025-01-31 18:45 IST').map((e) => e.claim)).toEqual([
      { kind: 'instant', ms: Date.UTC(2025, 0, 31, 13, 15), precisionMs: 60_000 },
    ]);
  });
});
