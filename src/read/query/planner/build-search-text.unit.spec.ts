import { describe, expect, it } from 'vitest';
import { buildSearchText } from './build-search-text.ts';
import { maskSpans } from './spans.ts';

describe('buildSearchText', () => {
  it.each([
    ['What did Infosys say about attrition?', 'Infosys attrition'],
    ['Management commentary on the demand outlook', 'demand outlook'],
    ['Why did the profit fall?', 'profit fall'],
    ['Tell me about the expansion plans, please', 'expansion plans'],
    ['What is it?', null],
    ['', null],
  ])('%j → %j', (text, expected) => {
    expect(buildSearchText(text)).toBe(expected);
  });

  it('leaves out what other parts of the planner read', () => {
    const text = "Why did ACC's profit fall in Q3 FY25?";
    const masked = maskSpans(text, [
      { start: 8, end: 11 },
      { start: 29, end: 36 },
    ]);
    expect(buildSearchText(masked)).toBe('profit fall');
  });

  it('stays within 2000 characters', () => {
    expect(buildSearchText('attrition '.repeat(400))?.length).toBeLessThanOrEqual(2000);
  });
});
