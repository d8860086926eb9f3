/**
 * The digits a set of exact decimals needs: the most before the point and the most after it,
 * trailing zeros after the point not counted ("13.20" needs 2 and 1).
 */
export interface DecimalBound {
  readonly integerDigits: number;
  readonly scale: number;
}

export const NO_DIGITS: DecimalBound = { integerDigits: 0, scale: 0 };

/** Parquet DECIMAL (stored as INT32, INT64 or a fixed-length two's complement) or, past 38 digits, the decimal text. */
export type DecimalColumnType = { readonly precision: number; readonly scale: number } | 'text';

/** The widest DECIMAL that DuckDB, Arrow, Spark and pandas all read as a decimal (wider ones come back as doubles or fail). */
export const MAX_DECIMAL_PRECISION = 38;

const DECIMAL = /^-?(\d+)(?:\.(\d+))?$/;

function partsOf(text: string): { negative: boolean; integer: string; fraction: string } {
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`not an exact decimal: ${JSON.stringify(text)}`);
  return { negative: text.startsWith('-'), integer: (match[1] ?? '').replace(/^0+/, ''), fraction: (match[2] ?? '').replace(/0+$/, '') };
}

/** The digits `text` (a decimal string such as "-1234.50") needs. */
export function digitsOf(text: string): DecimalBound {
  const { integer, fraction } = partsOf(text);
  return { integerDigits: integer.length, scale: fraction.length };
}

/** A bound holding both. */
export const widest = (a: DecimalBound, b: DecimalBound): DecimalBound =>
  a.integerDigits >= b.integerDigits && a.scale >= b.scale
    ? a
    : { integerDigits: Math.max(a.integerDigits, b.integerDigits), scale: Math.max(a.scale, b.scale) };

/** The column type that holds every value within `bound` exactly: DECIMAL(p, s) up to 38 digits, else text. */
export function decimalTypeOf(bound: DecimalBound): DecimalColumnType {
  const precision = Math.max(1, bound.integerDigits + bound.scale);
  return precision <= MAX_DECIMAL_PRECISION ? { precision, scale: bound.scale } : 'text';
}

/**
 * The unscaled integer of `text` at `scale` ("-12.5" at 2 is -1250n), exactly. Throws when
 * `text` has more significant places than `scale`: the bound it was chosen from was wrong.
 */
export function unscaledAt(text: string, scale: number): bigint {
  const { negative, integer, fraction } = partsOf(text);
  if (fraction.length > scale) throw new Error(`${text} has more than ${scale} decimal places`);
  const unscaled = BigInt(`${integer || '0'}${fraction.padEnd(scale, '0')}`);
  return negative ? -unscaled : unscaled;
}
