import { shiftDecimal } from './shift-decimal.ts';

/**
 * Exact decimal text of whole numbers of a unit, for writing files: amounts held as integers
 * in a filing's rounding unit (10^7 rupees for crore, 10^5 for lakh) or in paise; floats never
 * reach a file.
 */

/** An integer times 10^power as canonical decimal text: 5207 crore units, power 7 → "52070000000"; 250, -2 → "2.5". */
export const scaledText = (units: number | bigint, power: number): string => shiftDecimal(BigInt(units).toString(), power);

/** An integer of hundredths (paise, basis points) as shortest decimal text: 250 → "2.5", -3 → "-0.03". */
export const hundredthsText = (hundredths: number | bigint): string => scaledText(hundredths, -2);

/** An integer of hundredths with exactly two decimals, as exchange files write them: 1320 → "13.20". */
export function fixedHundredthsText(hundredths: number | bigint): string {
  const value = BigInt(hundredths);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  return `${negative ? '-' : ''}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}
