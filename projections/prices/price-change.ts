import { Decimal as DecimalJs } from 'decimal.js';

// Enough digits that a quotient of two prices rounds to 2 places as the exact value would.
const Decimal = DecimalJs.clone({ precision: 100, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -1e6, toExpPos: 1e6 });

/** Decimal places of a computed change_percent, as NSE publishes pChange. */
export const CHANGE_PERCENT_DECIMALS = 2;

export interface PriceChange {
  readonly change: string | null;
  readonly change_percent: string | null;
}

/**
 * last − previous, exact, and that change in percent of previous, rounded half away from
 * zero to 2 places. Pure decimal arithmetic on the published strings: no binary floats.
 * No previous close (or a zero one, for the percentage) gives null, never 0.
 */
export function priceChange(last: string, previous: string | null): PriceChange {
  if (previous === null) return { change: null, change_percent: null };
  const base = new Decimal(previous);
  const change = new Decimal(last).minus(base);
  const percent = base.isZero() ? null : change.div(base).times(100).toDecimalPlaces(CHANGE_PERCENT_DECIMALS);
  // A fall too small to show rounds to 0.00, not "-0.00".
  const text = percent && (percent.isZero() ? percent.abs() : percent).toFixed(CHANGE_PERCENT_DECIMALS);
  return { change: change.toFixed(), change_percent: text };
}
