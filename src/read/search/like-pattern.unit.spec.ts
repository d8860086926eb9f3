import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, prefixPattern } from './like-pattern.ts';

describe('LIKE patterns', () => {
  it('escape the wildcards and the escape character, so user text matches only itself', () => {
    expect(escapeLike("%' or 1=1 --")).toBe("\\%' or 1=1 --");
    expect(escapeLike('T_S\\')).toBe('T\\_S\\\\');
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(prefixPattern('M_M')).toBe('M\\_M%');
  });
});
