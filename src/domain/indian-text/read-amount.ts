import { canonicalDecimal, shiftDecimal } from '#platform/decimals';
import { QUESTION_SCALE_WORDS, scalePower } from './amount-scale.ts';

/** currency: rupees (a scale word or Rs/₹/INR was written); percent; times (0.5x); plain: a bare number. */
export type AmountKind = 'currency' | 'percent' | 'times' | 'plain';

/**
 * A number read from a question (the planner's amount grammar), with its unit words and
 * where it stands: [start, end).
 */
export interface Amount {
  readonly start: number;
  readonly end: number;
  readonly kind: AmountKind;
  /** The number as written, canonical ("60,000" is "60000"). */
  readonly number: string;
  /** Power of ten of the scale word: crore 7, lakh 5, lakh crore 12; 0 without one. */
  readonly scale: number;
  /** number × 10^scale: rupees for currency, percentage points for percent. */
  readonly value: string;
  /** The words as written, for notes. */
  readonly text: string;
}

const UNIT = String.raw`${QUESTION_SCALE_WORDS}|percent|per\s*cent|pc|times|x`;
const AMOUNT = new RegExp(
  String.raw`(?:(rs\.?|inr|₹)\s*)?([+-]?(?:\d+(?:,\d+)*(?:\.\d+)?|\.\d+))(?:\s*(%)|\s*(${UNIT})(?![a-z0-9]))?(?:\s*(rupees|rs\b\.?|inr\b))?`,
  'iy',
);

function kindOf(currency: boolean, percent: boolean, unit: string): AmountKind {
  if (percent || /^(?:percent|per\s*cent|pc)$/i.test(unit)) return 'percent';
  if (/^(?:times|x)$/i.test(unit)) return 'times';
  return currency || scalePower(unit) > 0 ? 'currency' : 'plain';
}

/** The amount written at `index` ("₹60,000 crore", "20%", "0.5x", "1.5 lakh crore"), or undefined. */
export function readAmountAt(text: string, index: number): Amount | undefined {
  AMOUNT.lastIndex = index;
  const m = AMOUNT.exec(text);
  const number = m?.[2] === undefined ? undefined : canonicalDecimal(m[2]);
  // A number run into a word is part of a name or code ("3M", "H1"), not an amount.
  if (!m || number === undefined || /[a-z0-9]/i.test(text.charAt(index + m[0].length))) return undefined;
  const unit = m[4] ?? '';
  const scale = scalePower(unit);
  const kind = kindOf(m[1] !== undefined || m[5] !== undefined, m[3] !== undefined, unit);
  const value = shiftDecimal(number, scale);
  return { start: index, end: index + m[0].length, kind, number, scale, value, text: m[0] };
}

/** The same number read with another amount's unit: "between 1 and 2 lakh crore". */
export function withUnitOf(amount: Amount, other: Amount): Amount {
  if (amount.kind !== 'plain' || other.kind === 'plain') return amount;
  return { ...amount, kind: other.kind, scale: other.scale, value: shiftDecimal(amount.number, other.scale) };
}
