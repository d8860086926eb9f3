import { describe, expect, it } from 'vitest';
import { istInstant } from '#platform/time/ist';
import { nseFileStamp } from './exchange-date-text.ts';

describe('exchange calendar spellings', () => {
  it('stamps XBRL file names with a 12-hour clock, as NSE does', () => {
    expect(nseFileStamp(istInstant('2025-01-31', 18 * 3600 + 45 * 60 + 16))).toBe('31012025064516');
    expect(nseFileStamp(istInstant('2025-01-28', 11 * 3600 + 50 * 60 + 46))).toBe('28012025115046');
  });
});
