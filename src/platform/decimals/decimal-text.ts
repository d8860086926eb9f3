/**
 * Reads a number as written in an exchange file into an exact decimal string: thousands
 * separators, surrounding spaces and a leading plus are dropped; `-`, `NA`, `nil` and empty
 * text mean "not given" (null). Anything else that is not a plain decimal is `undefined`,
 * which callers report as a problem. Floats are never involved.
 */
export function parseDecimalText(text: string | number | null | undefined): string | null | undefined {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return Number.isFinite(text) ? decimalFromNumber(text) : undefined;
  const t = text.trim().replace(/,/g, '').replace(/^\+/, '');
  if (t === '' || t === '-' || /^(na|n\/a|nil|null)$/i.test(t)) return null;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return undefined;
  const normalised = t.replace(/^(-?)\./, '$10.').replace(/\.$/, '');
  return normalised === '-0' ? '0' : normalised;
}

/**
 * A JSON number to its shortest exact decimal text. JSON sources give numbers such as
 * 22.5; their shortest round-trip form is what the publisher wrote.
 */
function decimalFromNumber(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  const [mantissa = '0', exponentText = '0'] = text.toLowerCase().split('e');
  return shiftDecimal(mantissa, Number(exponentText));
}

/** Multiplies an exact decimal string by 10^power (crore = 7, lakh = 5) without rounding. */
export function shiftDecimal(value: string, power: number): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  let digits = whole + fraction;
  let point = whole.length + power;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const intPart = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const fracPart = digits.slice(point).replace(/0+$/, '');
  const result = fracPart ? `${intPart}.${fracPart}` : intPart;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

/** The exact sum of decimal strings (as parseDecimalText returns them), normalised like shiftDecimal's output. */
export function sumDecimals(values: readonly string[]): string {
  const places = Math.max(0, ...values.map((v) => (v.split('.')[1] ?? '').length));
  const scaled = values.reduce((total, v) => {
    const [whole = '0', fraction = ''] = v.replace(/^-/, '').split('.');
    const magnitude = BigInt(whole + fraction.padEnd(places, '0'));
    return total + (v.startsWith('-') ? -magnitude : magnitude);
  }, 0n);
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
  const text = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return shiftDecimal(negative ? `-${text}` : text, 0);
}
