import type { FactFilter } from '#schemas/query';
import { Decimal } from '#platform/decimals';
import { INR_SCALE_POWER, INR_SCALE_WORD, type InrScale, rupeeUnitPower, formatDecimal, type NumberReading } from '#domain/indian-text';
import { lookupTable } from '#platform/lookup-table';

/**
 * The renderings of packet values in prose, and the rule deciding which renderings count as
 * "occurring" in the packet. The writer renders with these functions and the number check
 * matches with `readingMatches`, so the two cannot drift apart. Everything is exact decimal
 * arithmetic: nothing is rounded, so a rendering with one wrong digit never matches.
 *
 * A number read from prose has an amount (sign × digits × any multiplier word: lakh 10⁵,
 * crore 10⁷, ...), a percent flag and a currency flag (₹, Rs, INR). It occurs in the packet
 * when, for some packet value v of kind k:
 * - no percent sign: amount = v (any kind; grouping and trailing zeros do not matter);
 * - a percent sign: amount ÷ 100 = v for a ratio, or amount = v for a percentage;
 * - a currency sign is allowed only on rupee amounts (kind `inr`).
 */
export type ValueKind = 'inr' | 'ratio' | 'percent' | 'count';

/** A packet number (a decimal string, or a JSON number of a plan) as an exact decimal. */
export const decimalOf = (value: string | number): Decimal => new Decimal(String(value));

/** A rupee amount: "₹5,927.38 crore", "-₹12.50 lakh", "₹2,043.55". */
export function renderInr(value: Decimal, scale: InrScale, minDecimals = scale === 'rupees' ? 0 : 2): string {
  const scaled = value.div(`1e${INR_SCALE_POWER[scale]}`);
  const sign = scaled.isNegative() && !scaled.isZero() ? '-' : '';
  const word = INR_SCALE_WORD[scale];
  return `${sign}₹${formatDecimal(scaled.abs(), minDecimals)}${word === '' ? '' : ` ${word}`}`;
}

/** A ratio as a percentage, exactly ×100: 0.184194 → "18.4194%". */
export const renderRatioAsPercent = (value: Decimal): string => `${formatDecimal(value.times(100))}%`;

/** A value that already is a percentage: 54.3 → "54.3%". */
export const renderPercent = (value: Decimal): string => `${formatDecimal(value)}%`;

/** Any value as it is, grouped: "0.45", "1,23,456". */
export const renderPlain = (value: Decimal): string => formatDecimal(value);

/** Whether a number read from prose is a rendering of the packet value `value` of kind `kind`. */
export function readingMatches(reading: NumberReading, kind: ValueKind, value: Decimal): boolean {
  if (reading.currency && kind !== 'inr') return false;
  if (!reading.percent) return reading.amount.eq(value);
  if (kind === 'ratio') return reading.amount.div(100).eq(value);
  return kind === 'percent' && reading.amount.eq(value);
}

/** The kind of a fact's or metric input's value, by its unit. */
export function unitKind(unit: string): ValueKind {
  switch (unit) {
    case 'INR':
    case 'INR/share':
      return 'inr';
    case 'ratio':
    case 'pure':
      return 'ratio';
    case '%':
    case 'percent':
      return 'percent';
    default:
      return 'count';
  }
}

/**
 * Condition units other than rupees as the plan executor reads them
 * (`src/read/query/fact-condition.ts`); rupees and their lakh and crore scales are
 * `rupeeUnitPower`'s.
 */
const CONDITION_UNITS: Readonly<Record<string, { readonly kind: ValueKind; readonly factor: string }>> = lookupTable({
  'inr/share': { kind: 'inr', factor: '1' },
  percent: { kind: 'percent', factor: '1' },
  '%': { kind: 'percent', factor: '1' },
  ratio: { kind: 'ratio', factor: '1' },
});

/** A plan condition's threshold as a packet value: lakh and crore multiplied out to rupees. */
export function conditionValue(condition: FactFilter): { readonly value: Decimal; readonly kind: ValueKind } {
  const power = rupeeUnitPower(condition.unit);
  if (power !== undefined) return { value: decimalOf(condition.value).times(`1e${power}`), kind: 'inr' };
  const unit = CONDITION_UNITS[condition.unit.trim().toLowerCase()] ?? { kind: 'count', factor: '1' };
  return { value: decimalOf(condition.value).times(unit.factor), kind: unit.kind };
}
