import type { PeriodMention, PeriodRecognizer } from './period-mention.ts';
import { spanOf } from './spans.ts';

// Words that say which kind of period, without naming one.
const QUARTERLY = /\b(?:quarterly|quarters?|qoq|q-o-q|sequential(?:ly)?)\b/gi;
const ANNUAL = /\b(?:annual|annually|yearly|full[\s-]year|years?|fiscal\s+years?|financial\s+years?|yoy|y-o-y|year[\s-]on[\s-]year)\b/gi;

const wordMentions = (text: string, pattern: RegExp, period: 'quarterly' | 'annual'): PeriodMention[] =>
  [...text.matchAll(pattern)].map((m) => ({ span: spanOf(m), fiscalYear: null, quarter: null, period }));

/**
 * "quarterly", "quarters", "annual", "years": the kind of period only. Year-on-year is
 * read as annual: growth ids compare a year with the year before.
 */
export const readPeriodWords: PeriodRecognizer = (text) =>
  [...wordMentions(text, QUARTERLY, 'quarterly'), ...wordMentions(text, ANNUAL, 'annual')].sort((a, b) => a.span.start - b.span.start);
