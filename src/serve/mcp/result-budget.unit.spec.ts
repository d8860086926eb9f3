import { describe, expect, it } from 'vitest';
import { clipText, fitPage, jsonLength, pageOf, TEXT_BUDGET } from './result-budget.ts';

const build = (page: readonly string[], truncated: boolean) => ({ items: [...page], truncated });

describe('fitPage', () => {
  it('keeps every item when they fit', () => {
    expect(fitPage(['a', 'b'], build, 1000)).toEqual({ items: ['a', 'b'], truncated: false });
  });

  it('keeps the longest prefix that fits, and marks it truncated', () => {
    const items = Array.from({ length: 50 }, (_, i) => `item-${i}`.padEnd(20, '.'));
    const fitted = fitPage(items, build, 300);
    expect(fitted.truncated).toBe(true);
    expect(jsonLength(fitted)).toBeLessThanOrEqual(300);
    expect(jsonLength(build(items.slice(0, fitted.items.length + 1), true))).toBeGreaterThan(300);
    expect(fitted.items).toEqual(items.slice(0, fitted.items.length));
  });

  it('keeps at least one item, so paging always moves on', () => {
    expect(fitPage(['x'.repeat(500), 'y'], build, 100)).toEqual({ items: ['x'.repeat(500)], truncated: true });
    expect(fitPage(['x'.repeat(500)], build, 100)).toEqual({ items: ['x'.repeat(500)], truncated: false });
    expect(fitPage([], build, 1)).toEqual({ items: [], truncated: false });
  });
});

describe('pageOf', () => {
  it('points to the next page while the total goes on, and past a truncated page', () => {
    expect(pageOf({ offset: 0, limit: 10, returned: 10, total: 25, truncated: false }).next_offset).toBe(10);
    expect(pageOf({ offset: 20, limit: 10, returned: 5, total: 25, truncated: false }).next_offset).toBeNull();
    expect(pageOf({ offset: 20, limit: 10, returned: 3, total: 25, truncated: true }).next_offset).toBe(23);
  });

  it('without a total, a full page may have more after it', () => {
    expect(pageOf({ offset: 0, limit: 5, returned: 5, total: null, truncated: false }).next_offset).toBe(5);
    expect(pageOf({ offset: 0, limit: 5, returned: 4, total: null, truncated: false }).next_offset).toBeNull();
    expect(pageOf({ offset: 40, limit: 5, returned: 0, total: null, truncated: false }).next_offset).toBeNull();
  });
});

describe('clipText', () => {
  it('leaves short text alone and cuts long text at a line end, saying where the rest is', () => {
    expect(clipText('short')).toBe('short');
    const long = Array.from({ length: 500 }, (_, i) => `line ${i} of the rendering`).join('\n');
    const clipped = clipText(long);
    expect(clipped.length).toBeLessThanOrEqual(TEXT_BUDGET);
    expect(clipped).toMatch(/of the rendering\n… \(more in structuredContent\)$/);
  });
});
