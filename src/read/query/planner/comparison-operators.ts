import type { ScreenOperator } from '#schemas/read-models';

/** The phrases of each comparison, as users write them. */
const PHRASES: Readonly<Record<ScreenOperator, readonly string[]>> = {
  '>=': [
    'greater than or equal to',
    'more than or equal to',
    'greater than or equal',
    'at least',
    'atleast',
    'not less than',
    'no less than',
    'minimum of',
    'a minimum of',
    '>=',
    '=>',
    '≥',
  ],
  '>': [
    'greater than',
    'more than',
    'higher than',
    'larger than',
    'bigger than',
    'in excess of',
    'above',
    'over',
    'exceeds',
    'exceeded',
    'exceeding',
    'exceed',
    'crossed',
    'crosses',
    'cross',
    'crossing',
    'beyond',
    'upwards of',
    'upward of',
    'north of',
    '>',
  ],
  '<=': [
    'less than or equal to',
    'lower than or equal to',
    'not more than',
    'no more than',
    'not exceeding',
    'not above',
    'at most',
    'atmost',
    'up to',
    'upto',
    'maximum of',
    'a maximum of',
    '<=',
    '=<',
    '≤',
  ],
  '<': ['less than', 'lower than', 'smaller than', 'fewer than', 'below', 'under', 'beneath', 'lesser than', 'south of', '<'],
  '=': ['equal to', 'equals', 'exactly', '==', '='],
  '!=': ['not equal to', 'other than', '!=', '<>', '≠'],
};

const escape = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
const ALL = (Object.entries(PHRASES) as [ScreenOperator, readonly string[]][]).flatMap(([op, phrases]) =>
  phrases.map((p) => [p, op] as const),
);
const BY_PHRASE = new Map(ALL.map(([p, op]) => [p.replace(/\s+/g, ' '), op]));

/** Every operator phrase, longest first so "not exceeding" is never read as "exceeding". */
export const OPERATOR_PATTERN = new RegExp(
  [...ALL]
    .sort((a, b) => b[0].length - a[0].length)
    .map(([p]) => (/^[a-z]/i.test(p) ? `\\b${escape(p)}(?![a-z])` : escape(p)))
    .join('|'),
  'gi',
);

/** The operator a matched phrase stands for. */
export const operatorOf = (phrase: string): ScreenOperator | undefined => BY_PHRASE.get(phrase.toLowerCase().replace(/\s+/g, ' '));

/**
 * "20% or more", "0.5 and below": the operator a phrase after an amount gives; not when
 * another amount follows ("above 15% and below 25%" is two comparisons).
 */
export const POSTFIX_PATTERN =
  /\s*(?:or|and)\s+(?:(more|above|higher|over|greater|upwards)|(less|below|lower|under|fewer))\b(?!\s*(?:than\s+)?(?:rs\.?|inr|₹)?\s*[+-]?\.?\d)/iy;
