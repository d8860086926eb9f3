import { describe, expect, it } from 'vitest';
import { secondsUntilEnd, windowsAt } from './rate-limit-windows.ts';

describe('windowsAt', () => {
  const now = new Date('2025-02-28T23:59:30.250Z');

  it('gives the calendar minute and the calendar month (UTC), the minute first', () => {
    expect(windowsAt({ perMinute: 600, monthly: 1000 }, now)).toEqual([
      { kind: 'minute', limit: 600, start: new Date('2025-02-28T23:59:00Z'), end: new Date('2025-03-01T00:00:00Z') },
      { kind: 'month', limit: 1000, start: new Date('2025-02-01T00:00:00Z'), end: new Date('2025-03-01T00:00:00Z') },
    ]);
  });

  it('rolls over December into the next year', () => {
    const [month] = windowsAt({ perMinute: undefined, monthly: 5 }, new Date('2025-12-15T10:00:00Z'));
    expect(month).toMatchObject({ start: new Date('2025-12-01T00:00:00Z'), end: new Date('2026-01-01T00:00:00Z') });
  });

  it('leaves out a window that is switched off', () => {
    expect(windowsAt({ perMinute: undefined, monthly: undefined }, now)).toEqual([]);
    expect(windowsAt({ perMinute: 5, monthly: undefined }, now).map((w) => w.kind)).toEqual(['minute']);
  });
});

describe('secondsUntilEnd', () => {
  it('rounds up to whole seconds and never says 0', () => {
    const end = new Date('2025-03-01T00:00:00Z');
    expect(secondsUntilEnd({ end }, new Date('2025-02-28T23:59:30.250Z'))).toBe(30);
    expect(secondsUntilEnd({ end }, new Date('2025-02-28T23:59:00Z'))).toBe(60);
    expect(secondsUntilEnd({ end }, new Date('2025-02-28T23:59:59.999Z'))).toBe(1);
  });
});
