import type { ScreenOperator } from '#schemas/read-models';
import { OPERATOR_PATTERN, operatorOf, POSTFIX_PATTERN } from './comparison-operators.ts';
import { findAmounts, type Amount, withUnitOf } from '#domain/indian-text';
import type { MetricMention } from './metric-mentions.ts';
import type { Span } from './spans.ts';

/** "ROE above 20%": a metric, an operator and an amount, before units are settled. */
export interface Comparison {
  /** The metric compared, or undefined when the question names none for it. */
  readonly metric: MetricMention | undefined;
  readonly operator: ScreenOperator;
  readonly amount: Amount;
  /** The words of the comparison (operator and amount, and a metric written after them). */
  readonly span: Span;
}

interface Bound {
  readonly operator: ScreenOperator;
  readonly amount: Amount;
  readonly span: Span;
  /** "negative", "positive": compares only the metric written right after it. */
  readonly sign?: boolean;
}

// "negative revenue growth", "positive operating cash flow": a sign, compared with zero.
const SIGN = /\b(negative|positive)(?=\s+\S)/gi;

const zeroAt = (m: RegExpMatchArray): Amount => {
  const start = m.index ?? 0;
  return { start, end: start + m[0].length, kind: 'plain', number: '0', scale: 0, value: '0', text: m[0] };
};

const GAP = /^[\s\0]*(?:(?:than|of|to|by|at|is|the|a|an)[\s\0]+)*$/i;
const BETWEEN = /\bbetween\s+$/i;

/** Operators followed by an amount, postfix forms ("20% or more") and ranges ("between 10% and 20%"). */
function findBounds(text: string): Bound[] {
  const amounts = findAmounts(text);
  const bounds: Bound[] = [];
  for (const op of text.matchAll(OPERATOR_PATTERN)) {
    const operator = operatorOf(op[0]);
    const end = (op.index ?? 0) + op[0].length;
    const next = amounts.find((a) => a.start >= end);
    const amount = next && GAP.test(text.slice(end, next.start)) ? next : undefined;
    if (operator && amount) bounds.push({ operator, amount, span: { start: op.index ?? 0, end: amount.end } });
  }
  amounts.forEach((amount, i) => {
    POSTFIX_PATTERN.lastIndex = amount.end;
    const post = POSTFIX_PATTERN.exec(text);
    if (post) bounds.push({ operator: post[1] ? '>=' : '<=', amount, span: { start: amount.start, end: amount.end + post[0].length } });
    const next = amounts[i + 1];
    const lead = text.slice(Math.max(0, amount.start - 12), amount.start);
    if (next && BETWEEN.test(lead) && /^\s*(?:and|to|-)\s*$/i.test(text.slice(amount.end, next.start))) {
      const start = amount.start - (BETWEEN.exec(lead)?.[0].length ?? 0);
      bounds.push({ operator: '>=', amount: withUnitOf(amount, next), span: { start, end: amount.end } });
      bounds.push({ operator: '<=', amount: next, span: { start: amount.end, end: next.end } });
    }
  });
  for (const m of text.matchAll(SIGN)) {
    const amount = zeroAt(m);
    bounds.push({ operator: /^neg/i.test(m[1] ?? '') ? '<' : '>', amount, span: { start: amount.start, end: amount.end }, sign: true });
  }
  const kept: Bound[] = [];
  for (const bound of bounds.sort((a, b) => a.span.start - b.span.start)) {
    if (!kept.some((k) => bound.span.start < k.span.end)) kept.push(bound);
  }
  return kept;
}

/**
 * Each comparison with its metric: the nearest metric named before the operator and after
 * the previous comparison; else one written right after the amount ("above 20% ROE");
 * else the previous comparison's ("ROE above 15% and below 25%").
 */
export function extractComparisons(text: string, mentions: readonly MetricMention[]): Comparison[] {
  const comparisons: Comparison[] = [];
  let windowStart = 0;
  for (const bound of findBounds(text)) {
    const before = bound.sign ? undefined : mentions.filter((m) => m.start >= windowStart && m.end <= bound.span.start).at(-1);
    const next = before ? undefined : mentions.find((m) => m.start >= bound.amount.end);
    const after = next && /^[\s\0]*$/.test(text.slice(bound.amount.end, next.start)) ? next : undefined;
    if (bound.sign && !after) continue;
    const metric = before ?? after ?? comparisons.at(-1)?.metric;
    const span = after ? { start: bound.span.start, end: after.end } : bound.span;
    comparisons.push({ metric, operator: bound.operator, amount: bound.amount, span });
    windowStart = span.end;
  }
  return comparisons;
}
