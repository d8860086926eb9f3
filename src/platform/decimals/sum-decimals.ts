import { Decimal } from './exact-decimal.ts';
import { shiftDecimal } from './shift-decimal.ts';

/** The exact sum of decimal strings (as parseDecimalText returns them), canonical like shiftDecimal's output. */
export function sumDecimals(values: readonly string[]): string {
  const total = values.reduce((sum, value) => sum.plus(value), new Decimal(0));
  return shiftDecimal(total.toFixed(), 0);
}
