import { describe, expect, it } from 'vitest';
import { latestOnly } from './latest.js';

describe("the explorer's latest-request counter", () => {
  it('holds only the request started last as current, and counts each view apart', () => {
    const start = latestOnly();
    const other = latestOnly();
    const first = start();
    expect(first()).toBe(true);
    const second = start();
    const elsewhere = other();
    expect([first(), second(), elsewhere()]).toEqual([false, true, true]);
    const third = start();
    expect([first(), second(), third(), elsewhere()]).toEqual([false, false, true, true]);
  });
});
