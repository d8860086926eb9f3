import { describe, expect, it } from 'vitest';
import { extractBasis } from './extract-basis.ts';

describe('extractBasis', () => {
  it.each([
    ['TCS revenue', 'consolidated', 0],
    ['TCS standalone revenue', 'standalone', 1],
    ['TCS stand-alone revenue', 'standalone', 1],
    ['TCS revenue on a standalone basis', 'standalone', 1],
    ['TCS consolidated revenue', 'consolidated', 1],
    ['standalone and consolidated revenue', 'consolidated', 2],
  ])('%s → %s', (text, basis, spans) => {
    const read = extractBasis(text);
    expect(read.basis).toBe(basis);
    expect(read.spans).toHaveLength(spans);
  });

  it('notes when both are named', () => {
    expect(extractBasis('standalone and consolidated').notes).toEqual(['basis: both named; a plan holds one, consolidated is used']);
  });
});
