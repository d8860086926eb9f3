import { shiftDecimal } from './shift-decimal.ts';

/**
 * The decimal a filer wrote, recovered from the float the extract holds. The extract's author
 * read percentages as fractions (0.6081) and multiplied by 100 in binary floating point, so
 * 60.81 arrives as 60.809999999999995; share counts arrive as 1650301111.0. Filed figures have
 * a few decimals, so the shortest decimal (at most 6 places) within a float's rounding error
 * of the value is the one that was filed. Null for a value that is not a finite number.
 */
export function filedDecimal(value: number): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return null;
  const tolerance = 1e-9 * Math.max(1, Math.abs(value));
  for (let places = 0; places <= 6; places += 1) {
    const text = value.toFixed(places);
    if (Math.abs(Number(text) - value) <= tolerance) return shiftDecimal(text, 0);
  }
  return shiftDecimal(value.toFixed(6), 0);
}
