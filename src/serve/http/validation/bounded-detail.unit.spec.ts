import { describe, expect, it } from 'vitest';
import type { ValidationError } from '#schemas/api/errors';
import { boundedDetail, cutText, DETAIL_LIMITS } from './bounded-detail.ts';

const error = (input: unknown, loc: ValidationError['loc'] = ['body', 'x']): ValidationError => ({
  type: 'string_type',
  loc,
  msg: 'Input should be a valid string',
  input,
});

describe('boundedDetail', () => {
  it('keeps small errors as they are', () => {
    const small = [error({ a: [1, 2], b: 'text' }), { ...error(5), ctx: { max_length: 3 } }];
    expect(boundedDetail(small)).toEqual(small);
  });

  it('cuts long texts to their length limit, ending in …, never splitting a surrogate pair', () => {
    expect(cutText('x'.repeat(1000), 100)).toBe(`${'x'.repeat(99)}…`);
    expect(cutText('😀'.repeat(100), 100)).toBe(`${'😀'.repeat(49)}…`);
    expect(cutText(`x${'😀'.repeat(100)}`, 100)).toBe(`x${'😀'.repeat(49)}…`);
    const [cut] = boundedDetail([error('y'.repeat(1_000_000), ['body', 'k'.repeat(1_000_000)])]);
    expect(cut?.input).toHaveLength(DETAIL_LIMITS.inputText);
    expect(cut?.loc[1]).toHaveLength(DETAIL_LIMITS.inputText);
  });

  it('keeps the first items of long lists and objects and cuts deep nesting, marking each cut with …', () => {
    const wide = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const [cut] = boundedDetail([error({ list: Array.from({ length: 50 }, (_, i) => i), wide, deep: [[[['x']]]] })]);
    expect(cut?.input).toEqual({
      list: [0, 1, 2, 3, 4, 5, 6, 7, 8, '…'],
      wide: { k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7, k8: 8, '…': '…' },
      deep: [['…']],
    });
  });

  it('reports the first errors only, and stays a few kilobytes whatever was sent', () => {
    const huge = Array.from({ length: 1000 }, () => 'z'.repeat(10_000));
    const bounded = boundedDetail(Array.from({ length: 10_000 }, (_, i) => error(huge, ['body', i, 'k'.repeat(10_000)])));
    expect(bounded.length).toBeGreaterThan(1);
    expect(bounded.length).toBeLessThanOrEqual(DETAIL_LIMITS.errors);
    expect(JSON.stringify({ detail: bounded }).length).toBeLessThan(DETAIL_LIMITS.bodyChars + 2_000);
  });

  it('is idempotent: bounding a bounded list changes nothing', () => {
    const once = boundedDetail([error({ s: '😀'.repeat(500), l: Array.from({ length: 50 }, () => 'w'.repeat(300)) })]);
    expect(boundedDetail(once)).toEqual(once);
  });
});
