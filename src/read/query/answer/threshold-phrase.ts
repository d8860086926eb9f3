import type { Decimal } from 'decimal.js';
import type { FactFilter } from '#schemas/query';
import type { ScreenPredicate, ScreenResult } from '#schemas/read-models';
import {
  conceptLabel,
  isPercentMetric,
  screenMetricLabel,
  screenMetricUnit,
  conditionValue,
  decimalOf,
  renderInr,
  renderPercent,
  renderPlain,
  renderRatioAsPercent,
  unitKind,
  cite,
  piece,
  type Piece,
  nameOf,
  unsourced,
} from '#read/phrases';
import { lookupTable } from '#platform/lookup-table';
import { INR_SCALE_POWER, type InrScale, rupeeUnitPower } from '#domain/indian-text';

const OPERATOR_WORDS: Readonly<Record<string, string>> = lookupTable({
  '>': 'above',
  '>=': 'at or above',
  '<': 'below',
  '<=': 'at or below',
  '=': 'equal to',
  '!=': 'other than',
});

/** A threshold is the question's, not a filing's: its citation names no source. */
const threshold = (text: string, number: string): Piece => piece(text, [cite(number, unsourced('question'))]);

/** As the question wrote it (lakh; crore or lakh crore in crore), and rupees from a crore up in crore, as the figures are. */
function inrScale(unit: string, rupees: Decimal): InrScale {
  const power = rupeeUnitPower(unit);
  if (power === INR_SCALE_POWER.lakh) return 'lakh';
  const crore = INR_SCALE_POWER.crore;
  return (power !== undefined && power >= crore) || rupees.abs().gte(`1e${crore}`) ? 'crore' : 'rupees';
}

function conditionNumber(condition: FactFilter, concept: string | undefined): { readonly number: string; readonly words: string } {
  const { value, kind } = conditionValue(condition);
  const unit = condition.unit.trim().toLowerCase();
  switch (kind) {
    case 'inr':
      return { number: renderInr(value, inrScale(unit, value), 0), words: '' };
    case 'percent':
      return { number: renderPercent(value), words: '' };
    case 'ratio':
      return { number: concept !== undefined && isPercentMetric(concept) ? renderRatioAsPercent(value) : renderPlain(value), words: '' };
    case 'count': {
      const name = nameOf(condition.unit);
      return { number: renderPlain(value), words: name === undefined ? '' : ` (in ${name})` };
    }
  }
}

const boundWords = (condition: FactFilter, concept: string | undefined) => {
  const { number, words } = conditionNumber(condition, concept);
  return { text: `${OPERATOR_WORDS[condition.operator] ?? condition.operator} ${number}${words}`, number };
};

/**
 * "Revenue from operations is above ₹1,000 crore": a plan condition, in the unit it was given
 * in; further conditions on the same value are joined with "and" ("at or above ₹35,000
 * crore and at or below ₹45,000 crore").
 */
export function conditionPhrase(condition: FactFilter, concept: string | undefined, more: readonly FactFilter[] = []): Piece {
  const bounds = [condition, ...more].map((c) => boundWords(c, concept));
  const label = concept === undefined ? 'the value' : conceptLabel(concept);
  return piece(
    `${label} is ${bounds.map((b) => b.text).join(' and ')}`,
    bounds.map((b) => cite(b.number, unsourced('question'))),
  );
}

/** A screened value in its unit: ratios as percentages where natural, percentages with %, rupees in crore. */
export function renderScreenValue(id: string, value: string, screen: ScreenResult | null): string {
  const unit = screenMetricUnit(id, screen);
  const exact = decimalOf(value);
  if (unit === 'INR') return renderInr(exact, 'crore');
  if (unit === 'INR/share') return renderInr(exact, 'rupees', 2);
  if (unitKind(unit) === 'percent') return renderPercent(exact);
  return unit === 'ratio' && isPercentMetric(id) ? renderRatioAsPercent(exact) : renderPlain(exact);
}

/** "Net profit margin above 15%": a screen predicate. */
export function predicatePhrase(predicate: ScreenPredicate, screen: ScreenResult | null): Piece {
  const number = renderScreenValue(predicate.metric, String(predicate.value), screen);
  const words = OPERATOR_WORDS[predicate.operator] ?? predicate.operator;
  return threshold(`${screenMetricLabel(predicate.metric, screen)} ${words} ${number}`, number);
}
