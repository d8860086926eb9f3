import { shiftDecimal } from './shift-decimal.ts';

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
