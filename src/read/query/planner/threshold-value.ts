import type { ScreenMetricUnit } from '#schemas/read-models';
import { compareDecimals, shiftDecimal } from '#platform/decimals';
import { isPercentStyleRatio, metricUnit } from './metric-units.ts';
import type { Amount } from '#domain/indian-text';

/** A comparison value in the metric's own unit, as an exact decimal string. */
export type Threshold =
  | { readonly ok: true; readonly value: string; readonly unit: ScreenMetricUnit; readonly note?: string }
  | { readonly ok: false; readonly problem: string };

const percentToRatio = (value: string) => shiftDecimal(value, -2);

function ratioValue(metric: string, amount: Amount): Threshold {
  if (amount.kind === 'currency') return { ok: false, problem: `${amount.text} is an amount of money, but ${metric} is a ratio` };
  if (amount.kind === 'percent')
    return {
      ok: true,
      value: percentToRatio(amount.value),
      unit: 'ratio',
      note: `${amount.text.trim()} on ${metric} read as the ratio ${percentToRatio(amount.value)}`,
    };
  if (amount.kind === 'plain' && isPercentStyleRatio(metric) && compareDecimals(amount.value, '1') > 0) {
    return {
      ok: true,
      value: percentToRatio(amount.value),
      unit: 'ratio',
      note: `${amount.text.trim()} on ${metric} has no % sign; read as ${amount.value}% = ${percentToRatio(amount.value)}`,
    };
  }
  return { ok: true, value: amount.value, unit: 'ratio' };
}

function moneyValue(metric: string, unit: 'INR' | 'INR/share', amount: Amount): Threshold {
  if (amount.kind === 'percent' || amount.kind === 'times')
    return { ok: false, problem: `${amount.text.trim()} is not an amount of money, but ${metric} is in ${unit}` };
  const note =
    amount.scale > 0
      ? `${amount.text.trim()} = ${amount.value} rupees`
      : amount.kind === 'plain'
        ? `${amount.text.trim()} has no unit: read as rupees`
        : undefined;
  return { ok: true, value: amount.value, unit, ...(note ? { note } : {}) };
}

/**
 * The amount in the metric's unit. Ratios are pure numbers, so "20%" is 0.2; a bare number
 * above 1 on a ratio usually written as a percentage (ROE, margins, growth) is read as a
 * percentage too. Ownership is in percent, so "50%" is 50. Money is in rupees: crore and
 * lakh are multiplied out. A unit that cannot fit (a % on revenue) is a problem, not a guess.
 */
export function thresholdValue(metric: string, amount: Amount): Threshold {
  const unit = metricUnit(metric);
  if (unit === 'ratio') return ratioValue(metric, amount);
  if (unit === 'percent') {
    if (amount.kind === 'currency')
      return { ok: false, problem: `${amount.text.trim()} is an amount of money, but ${metric} is a percentage` };
    return { ok: true, value: amount.value, unit: 'percent' };
  }
  if (unit === 'INR' || unit === 'INR/share') return moneyValue(metric, unit, amount);
  return { ok: false, problem: `${metric} has no known unit` };
}
