import { Decimal } from './exact-decimal.ts';

/** Decimal places of every ratio the service derives. */
export const RATIO_DECIMALS = 6;
const SCALE = new Decimal(10).pow(RATIO_DECIMALS);

/**
 * numerator / denominator rounded half away from zero to 6 decimal places, as text with
 * exactly 6 decimals. Computed as an exact integer quotient,
 * sign(n) · ⌊(2·|n|·10⁶ + d) / (2·d)⌋ / 10⁶, the same expression the screening SQL uses
 * (`ratioSql`), so both give the same digits with no intermediate rounding. The
 * denominator must be positive.
 */
export function roundedRatio(numerator: Decimal, denominator: Decimal): string {
  if (!denominator.isPositive() || denominator.isZero()) throw new RangeError('the denominator must be positive');
  const twice = denominator.times(2);
  const quotient = numerator.abs().times(SCALE).times(2).plus(denominator).divToInt(twice);
  const signed = numerator.isNegative() ? quotient.negated() : quotient;
  return signed.div(SCALE).toFixed(RATIO_DECIMALS);
}
