import { describe, expect, it } from 'vitest';
import { extractReference } from './extract-reference.ts';
import { findMetricMentions } from './metric-mentions.ts';
import { maskSpans } from './spans.ts';

/** The reference as the planner reads it: metrics masked first, as readQuestion does. */
const read = (text: string) => {
  return extractReference(text, maskSpans(text, findMetricMentions(text)));
};

describe('extractReference', () => {
  it.each([
    // identifiers, as written
    ['NSE:INFY revenue', 'NSE:INFY'],
    ['revenue of NSE: M&M', 'NSE: M&M'],
    ['BSE:500325 EPS', 'BSE:500325'],
    ['INE002A01018 PAT', 'INE002A01018'],
    ['L17110MH1973PLC019786 borrowings', 'L17110MH1973PLC019786'],
    ['500325 share price', '500325'],
    // possessives
    ["ACC's profit", 'ACC'],
    ["Reliance Industries' revenue", 'Reliance Industries'],
    ["Infosys's attrition", 'Infosys'],
    ["HDFC Bank's NIM", 'HDFC Bank'],
    // of X, for X, X Ltd / Limited
    ['current price of Reliance', 'Reliance'],
    ['revenue for HDFC Bank', 'HDFC Bank'],
    ['Reliance Industries Limited revenue', 'Reliance Industries Limited'],
    ['Revenue of Reliance Industries Ltd.', 'Reliance Industries Ltd.'],
    ['State Bank of India ROE', 'State Bank of India'],
    ['Larsen & Toubro order book', 'Larsen & Toubro'],
    ['M&M sales', 'M&M'],
    ['Bajaj-Auto sales', 'Bajaj-Auto'],
    ['ICICI Securities revenue', 'ICICI Securities'],
    ['3M India revenue', '3M India'],
    // of several names, a possessive, else the first
    ['Compare TCS and Infosys net margins', 'TCS'],
    ["Compare TCS with Infosys's margins", 'Infosys'],
    // ambiguous names stay as written; search resolves them
    ['HDFC revenue', 'HDFC'],
    ["Tata's profit", 'Tata'],
    // topic words are not names
    ['Dividend history of ITC', 'ITC'],
    ['What did the CEO of Infosys say about AI?', 'Infosys'],
    ['Attrition commentary from Wipro', 'Wipro'],
    // lower case when nothing is capitalised
    ['tcs revenue', 'tcs'],
    ['what did hdfc bank say about deposits', 'hdfc bank'],
    ["why did acc's profit fall", 'acc'],
  ])('%s → %s', (text, reference) => {
    expect(read(text).reference).toBe(reference);
  });

  it.each([
    'companies with ROE above 20%',
    'Why are IT stocks falling?',
    'Why are cement stocks falling?',
    'Which Tata group companies pay dividends?',
    'What is the revenue?',
    '',
  ])('finds no company in %j', (text) => {
    expect(read(text).reference).toBeNull();
  });

  it('keeps the offsets of the reference and lists the other names written', () => {
    expect(read('Compare Tata Motors with Maruti Suzuki and NSE:M&M')).toEqual({
      reference: 'NSE:M&M',
      span: { start: 43, end: 50 },
      others: ['Tata Motors', 'Maruti Suzuki'],
    });
    expect(read('Tata Motors revenue vs Maruti Suzuki').others).toEqual(['Maruti Suzuki']);
  });
});

it('reads no company from a question about companies in general', () => {
  const question = 'What did companies say about credit ratings?';
  expect(extractReference(question, question).reference).toBeNull();
});
