import { describe, expect, it } from 'vitest';
import { nameRuns } from './name-runs.ts';
import { normaliseQuestion } from './normalise-question.ts';
import { MASK, maskSpans } from './spans.ts';
import { tokenise } from './tokens.ts';

describe('normaliseQuestion', () => {
  it('makes look-alike characters plain, one for one', () => {
    const text = 'ACC\u2019s \u201Cprofit\u201D\u00A0FY23\u201324\u0000\t';
    const plain = normaliseQuestion(text);
    expect(plain).toBe('ACC\'s "profit" FY23-24  ');
    expect(plain).toHaveLength(text.length);
  });
});

describe('maskSpans', () => {
  it('blanks spans and keeps offsets', () => {
    expect(maskSpans('TCS FY24 revenue', [{ start: 4, end: 8 }])).toBe(`TCS ${MASK.repeat(4)} revenue`);
  });
});

describe('tokenise', () => {
  it('strips possessives and sentence dots, keeps abbreviations and joins', () => {
    expect(tokenise("Dr. Reddy's Ltd. revenue, Industries' EPS.").map((t) => [t.word, t.possessive, t.joined])).toEqual([
      ['Dr.', false, false],
      ['Reddy', true, true],
      ['Ltd.', false, true],
      ['revenue', false, true],
      ['Industries', true, false],
      ['EPS', false, true],
    ]);
  });

  it('does not join words across masked text', () => {
    expect(tokenise(maskSpans('TCS FY24 Infosys', [{ start: 4, end: 8 }])).map((t) => t.joined)).toEqual([false, false]);
  });
});

describe('nameRuns', () => {
  const runs = (text: string, capitalised: boolean) => nameRuns(tokenise(text), capitalised).map((r) => text.slice(r.start, r.end));

  it('joins capitalised name words, "&" and "of" between them', () => {
    expect(runs('What is the revenue of State Bank of India and Larsen & Toubro', true)).toEqual([
      'State Bank of India',
      'Larsen & Toubro',
    ]);
  });

  it('lets a few generic words continue a name but never start one', () => {
    expect(runs('Financial results of ICICI Securities', true)).toEqual(['ICICI Securities']);
    expect(runs('financial results of icici securities', false)).toEqual(['icici securities']);
  });

  it('reads lower-case runs only in lower-case mode', () => {
    expect(runs('what did hdfc bank say', true)).toEqual([]);
    expect(runs('what did hdfc bank say', false)).toEqual(['hdfc bank']);
  });
});
