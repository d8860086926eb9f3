/**
 * Exact decimal text, moved by powers of ten without floats: 1.5 crore = 1.5 × 10^7 rupees,
 * 20% = 20 × 10^-2, 5207.29 crore units = 52072900000. Floats would turn 0.07 into
 * 0.07000000000000001; strings stay exact. Decimal text here is an optional sign (`+` or
 * `-`), digits (thousands separators allowed, dropped) and an optional fraction (`.5`, `5.`).
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The canonical form of decimal text ("-1.50" → "-1.5", "007" → "7", "-0.0" → "0"), or undefined when it is not one. */
export function canonicalDecimal(text: string): string | undefined {
  const match = DECIMAL.exec(text.replace(/,/g, ''));
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  return shiftDigits(sign === '-', whole, fraction, 0);
}

/**
 * The decimal `value` × 10^power, canonical (no leading or trailing zeros, no "+", no "-0").
 * `value` must be decimal text (as parseDecimalText and canonicalDecimal return it); anything
 * else is a programming error and throws.
 */
export function shiftDecimal(value: string, power: number): string {
  const match = DECIMAL.exec(value.replace(/,/g, ''));
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) throw new RangeError(`not a decimal: ${JSON.stringify(value)}`);
  return shiftDigits(sign === '-', whole, fraction, power);
}

function shiftDigits(negative: boolean, whole: string, fraction: string, power: number): string {
  const digits = whole + fraction;
  const point = whole.length + power;
  const padded = point > digits.length ? digits.padEnd(point, '0') : point < 0 ? '0'.repeat(-point) + digits : digits;
  const at = Math.max(point, 0);
  const intPart = padded.slice(0, at).replace(/^0+/, '') || '0';
  const fracPart = padded.slice(at).replace(/0+$/, '');
  const body = fracPart ? `${intPart}.${fracPart}` : intPart;
  return negative && body !== '0' ? `-${body}` : body;
}
