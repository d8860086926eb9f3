/**
 * Exact decimal arithmetic on strings for the only operation the planner needs: moving the
 * decimal point (1.5 crore = 1.5 × 10^7 rupees, 20% = 20 × 10^-2). Floats would turn
 * 0.07 into 0.07000000000000001; strings stay exact.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** "-1.50" → "-1.5", "007" → "7", "0.0" → "0": no leading or trailing zeros, no "+". */
export function canonicalDecimal(text: string): string | undefined {
  return shiftDecimal(text, 0);
}

/** The decimal `text` × 10^places, canonical; undefined when `text` is not a decimal. */
export function shiftDecimal(text: string, places: number): string | undefined {
  const match = DECIMAL.exec(text.replace(/,/g, ''));
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  const digits = whole + fraction;
  const point = whole.length + places;
  const padded = point > digits.length ? digits.padEnd(point, '0') : point < 0 ? '0'.repeat(-point) + digits : digits;
  const at = Math.max(point, 0);
  const intPart = padded.slice(0, at).replace(/^0+/, '') || '0';
  const fracPart = padded.slice(at).replace(/0+$/, '');
  const body = fracPart ? `${intPart}.${fracPart}` : intPart;
  return sign === '-' && body !== '0' ? `-${body}` : body;
}

/** Compares two canonical decimals by value (-1, 0, 1). */
export function compareDecimals(a: string, b: string): number {
  const sa = a.startsWith('-') ? -1 : 1;
  const sb = b.startsWith('-') ? -1 : 1;
  if (sa !== sb) return sa < sb ? -1 : 1;
  const [ai = '', af = ''] = a.replace('-', '').split('.');
  const [bi = '', bf = ''] = b.replace('-', '').split('.');
  const width = Math.max(af.length, bf.length);
  const left = ai.padStart(bi.length, '0') + af.padEnd(width, '0');
  const right = bi.padStart(ai.length, '0') + bf.padEnd(width, '0');
  const order = left === right ? 0 : left < right ? -1 : 1;
  return order * sa;
}
