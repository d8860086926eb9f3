import { describe, expect, it } from 'vitest';
import { MAX_TERMS, otherNumber, parseTextQuery } from './text-query.ts';

describe('parseTextQuery', () => {
  it('reads words, each with its other number', () => {
    expect(parseTextQuery('RSU')).toEqual({ terms: ['RSU'], variants: ['RSUs'], excluded: [] });
    expect(parseTextQuery('press release revenue')).toEqual({
      terms: ['press', 'release', 'revenue'],
      variants: ['presss', 'releases', 'revenues'],
      excluded: [],
    });
  });

  it('keeps a quoted phrase together, and excludes words after a minus sign', () => {
    expect(parseTextQuery('"credit rating" -crisil CARE')).toEqual({
      terms: ['credit rating', 'CARE'],
      variants: [null, 'CAREs'],
      excluded: ['crisil'],
    });
    expect(parseTextQuery('"dividend"')).toEqual({ terms: ['dividend'], variants: ['dividends'], excluded: [] });
  });

  it('makes words of letters and digits only: no tsquery or SQL syntax survives', () => {
    expect(parseTextQuery("L&T's %' or 1=1 -- a:* !b (c|d)").terms).toEqual(['L', 'T', 's', '1', 'a', 'b', 'c', 'd']);
    expect(parseTextQuery('"unclosed phrase').terms).toEqual(['unclosed phrase']);
    expect(parseTextQuery('-')).toEqual({ terms: [], variants: [], excluded: [] });
  });

  it('counts a word once, whatever its case, and at most MAX_TERMS terms', () => {
    expect(parseTextQuery('Dividend dividend DIVIDEND').terms).toEqual(['Dividend']);
    expect(parseTextQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')).terms).toHaveLength(MAX_TERMS);
  });
});

describe('otherNumber', () => {
  it('adds an s, or takes one away (never from a double s)', () => {
    expect(['RSU', 'RSUs', 'NCD', 'meetings', 'press', 'bus'].map(otherNumber)).toEqual(['RSUs', 'RSU', 'NCDs', 'meeting', 'presss', 'bu']);
  });
});
