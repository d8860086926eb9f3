import { parseDecimalText, shiftDecimal, roundDecimal } from '#platform/decimals';

export type CellResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const fail = (message: string) => ({ ok: false as const, message });
const shown = (text: string) => `"${text.trim()}"`;

/** A traded price: required and positive; a zero price in a price file means "no trade". */
export function readPrice(text: string, column: string): CellResult<string> {
  const value = parseDecimalText(text);
  if (value === null) return fail(`${column} is empty: expected a price`);
  if (value === undefined) return fail(`${column} ${shown(text)} is not a number: expected a price such as 1282.10`);
  if (!/[1-9]/.test(value) || value.startsWith('-'))
    return fail(`${column} ${shown(text)} is not a traded price: expected a positive price`);
  return { ok: true, value };
}

/**
 * A count of shares or trades: a whole number, or null when not given (`-`, empty). Some
 * re-serialised sources write counts as floats (`240043.0`); a zero fraction is dropped, any
 * other fraction is an error.
 */
export function readCount(text: string, column: string): CellResult<string | null> {
  const value = parseDecimalText(text);
  if (value === null) return { ok: true, value: null };
  const whole = value === undefined ? undefined : /^(\d+)(?:\.0+)?$/.exec(value)?.[1];
  if (whole === undefined) return fail(`${column} ${shown(text)} is not a count: expected a whole number`);
  return { ok: true, value: whole.replace(/^0+(?=\d)/, '') };
}

/** A count that must fit a JSON number exactly (trades). */
export function readSmallCount(text: string, column: string): CellResult<number | null> {
  const count = readCount(text, column);
  if (!count.ok || count.value === null) return count as CellResult<null>;
  const value = Number(count.value);
  return Number.isSafeInteger(value) ? { ok: true, value } : fail(`${column} ${shown(text)} is too large for a count`);
}

export interface AmountUnit {
  /** Power of ten from the file's unit to rupees: 5 for lakhs, 0 for rupees. */
  readonly power: number;
  /**
   * For a column a re-serialiser wrote with a float formatter: the decimals the exchange
   * published. Float noise is rounded away and exponent notation (Python writes floats of
   * 10^16 and more as `1.5700395821970002e+16`) is accepted.
   */
  readonly decimals?: number;
}

/** `1.57e+16` as plain decimal text, exactly; other text unchanged. */
function expandExponent(text: string): string {
  const m = /^\s*(-?\d+(?:\.\d+)?)[eE]([+-]?\d+)\s*$/.exec(text);
  return m ? shiftDecimal(m[1] ?? '0', Number(m[2])) : text;
}

/** A traded value in rupees, exact: null when not given, never negative. */
export function readAmount(text: string, column: string, unit: AmountUnit = { power: 0 }): CellResult<string | null> {
  const value = parseDecimalText(unit.decimals === undefined ? text : expandExponent(text));
  if (value === null) return { ok: true, value: null };
  if (value === undefined || value.startsWith('-'))
    return fail(`${column} ${shown(text)} is not an amount: expected a non-negative number`);
  const rupees = shiftDecimal(value, unit.power);
  return { ok: true, value: unit.decimals === undefined ? rupees : roundDecimal(rupees, unit.decimals) };
}

/** A price that may be absent: empty, `-` and 0 (a quote's open before the market opens) are null. */
export function readOptionalPrice(text: string, column: string): CellResult<string | null> {
  const value = parseDecimalText(text);
  if (value === null || (value !== undefined && !/[1-9]/.test(value))) return { ok: true, value: null };
  return readPrice(text, column);
}

/** A signed decimal such as a change (`-6.00`), null when not given. */
export function readSigned(text: string, column: string): CellResult<string | null> {
  const value = parseDecimalText(text);
  if (value === undefined) return fail(`${column} ${shown(text)} is not a number: expected e.g. -6.00`);
  return { ok: true, value };
}

type ValuesOf<T extends Record<string, CellResult<unknown>>> = { [K in keyof T]: T[K] extends CellResult<infer V> ? V : never };

/** Several cells read at once: their values, or the first cell's failure. */
export function readCells<T extends Record<string, CellResult<unknown>>>(cells: T): CellResult<ValuesOf<T>> {
  const values: Record<string, unknown> = {};
  for (const [key, cell] of Object.entries(cells)) {
    if (!cell.ok) return cell;
    values[key] = cell.value;
  }
  return { ok: true, value: values as ValuesOf<T> };
}
