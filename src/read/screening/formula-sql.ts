import type { ReportedConcept } from '#schemas/common';
import { RATIO_DECIMALS } from '#platform/decimals';
import type { Formula, FormulaInput } from '#read/metrics';

/** The year a concept column holds: the screened fiscal year or the one before it. */
export type ConceptYear = 'cur' | 'pri';

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/** An identifier from code (a concept or metric id), double-quoted; anything else is a programming error. */
export function quoteIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** The column of a concept's value in one of the two years, e.g. `"cur_Revenue"`. */
export const conceptColumn = (concept: ReportedConcept, year: ConceptYear): string => quoteIdentifier(`${year}_${concept}`);

const SCALE = `1${'0'.repeat(RATIO_DECIMALS)}`;

/**
 * numerator / denominator rounded half away from zero to 6 decimals, exactly:
 * sign(n) · div(2·|n|·10⁶ + d, 2·d) / 10⁶, where `div` is PostgreSQL's exact truncating
 * integer division. The same arithmetic as `roundedRatio` in TypeScript. The denominator
 * must be positive; the caller guards it.
 */
export function ratioSql(numerator: string, denominator: string): string {
  return `round(sign(${numerator}) * div(2 * abs(${numerator}) * ${SCALE} + ${denominator}, 2 * ${denominator}) / ${SCALE}, ${RATIO_DECIMALS})`;
}

/** A sum of concept columns; null as soon as one is null (an input is missing). */
const sumSql = (inputs: readonly FormulaInput[]) => `(${inputs.map((i) => conceptColumn(i.concept, 'cur')).join(' + ')})`;

/**
 * A formula over the columns of one fiscal year. In a year every slot of a duration
 * concept is the year itself (the year to date of Q4 is the year), so one column per
 * concept serves. Null where TypeScript gives null: a missing input, a zero or negative
 * denominator.
 */
export function formulaSql(formula: Formula): string {
  const numerator = sumSql(formula.numerator);
  if (!formula.denominator) return `trim_scale(${numerator})`;
  const denominator = sumSql(formula.denominator);
  return `case when ${denominator} > 0 then ${ratioSql(numerator, denominator)} end`;
}

/** (current − prior) / |prior|; null without either year or with a zero prior. */
export function growthSql(concept: ReportedConcept): string {
  const current = conceptColumn(concept, 'cur');
  const prior = conceptColumn(concept, 'pri');
  return `case when ${prior} <> 0 then ${ratioSql(`(${current} - ${prior})`, `abs(${prior})`)} end`;
}
