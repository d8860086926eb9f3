import { Decimal as DecimalJs } from 'decimal.js';

/**
 * decimal.js with room for any value a filing holds: 1,000 significant digits keeps every
 * sum and product exact, and plain notation keeps values out of exponent form.
 */
export const Decimal = DecimalJs.clone({
  precision: 1000,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
export type Decimal = InstanceType<typeof Decimal>;

/** An exact amount as plain text without trailing zeros, as SQL's `trim_scale` writes it. */
export const amountText = (amount: Decimal): string => amount.toFixed();
