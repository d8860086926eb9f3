import { describe, expect, it } from 'vitest';
import { categoryPathOf, knownMember } from './sebi-categories.ts';
import { disclosureDeadline, isQuarterEnd, shareholdingKnownAt } from './shareholding-known-at.ts';

const received = '2030-01-01T00:00:00.000Z';

describe('shareholdingKnownAt', () => {
  it('tells quarter ends from other dates', () => {
    expect(['2024-03-31', '2024-06-30', '2024-09-30', '2024-12-31'].map(isQuarterEnd)).toEqual([true, true, true, true]);
    expect(['2024-06-29', '2024-08-31', '2025-07-21', '2024-02-29'].map(isQuarterEnd)).toEqual([false, false, false, false]);
  });

  it('gives the end (IST) of the 21st day after a quarter, and of the 10th after an event', () => {
    expect(disclosureDeadline('2024-06-30')).toBe('2024-07-21T18:30:00.000Z');
    expect(disclosureDeadline('2024-12-31')).toBe('2025-01-21T18:30:00.000Z');
    expect(disclosureDeadline('2025-08-28')).toBe('2025-09-07T18:30:00.000Z');
    expect(disclosureDeadline('2025-08-31', 'quarterly')).toBe('2025-09-21T18:30:00.000Z');
  });

  it("prefers the connector's time, unless it is before the period ended", () => {
    expect(shareholdingKnownAt('2024-06-30', { knownAt: '2024-07-12T12:00:00+05:30', receivedAt: received })).toBe(
      '2024-07-12T12:00:00+05:30',
    );
    // 30 Jun 2024 ends at 18:30 UTC; a time before that cannot know the pattern.
    expect(shareholdingKnownAt('2024-06-30', { knownAt: '2024-06-30T18:29:59.000Z', receivedAt: received })).toBe(
      '2024-07-21T18:30:00.000Z',
    );
    expect(shareholdingKnownAt('2024-06-30', { knownAt: '2024-06-30T18:30:00.000Z', receivedAt: received })).toBe(
      '2024-06-30T18:30:00.000Z',
    );
  });

  it('takes the time received when that is before the deadline, and never before the period ended', () => {
    expect(shareholdingKnownAt('2024-06-30', { knownAt: null, receivedAt: '2024-07-10T00:00:00.000Z' })).toBe('2024-07-10T00:00:00.000Z');
    expect(shareholdingKnownAt('2024-06-30', { knownAt: null, receivedAt: '2024-06-01T00:00:00.000Z' })).toBe('2024-07-21T18:30:00.000Z');
    expect(shareholdingKnownAt('2024-06-30', { knownAt: null, receivedAt: received })).toBe('2024-07-21T18:30:00.000Z');
  });
});

describe('SEBI categories', () => {
  it('finds a member whatever its case, with its path in the table', () => {
    expect(knownMember('MutualFundsOrUtiMember')).toBe('MutualFundsOrUTIMember');
    expect(categoryPathOf('NonInstitutionsMember')).toBe('Public / Non-institutions');
    expect(categoryPathOf('EmployeeBenefitsTrustsMember')).toBe('Non Promoter - Non Public / Employee Benefit Trusts');
    expect(categoryPathOf('NoSuchMember')).toBeUndefined();
  });
});
