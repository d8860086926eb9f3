/**
 * Exact decimal text for the generator. Amounts are integers in a filing's rounding unit
 * (10^7 rupees for crore, 10^5 for lakh) or in paise; floats never reach a file.
 */

/** An integer times 10^power as plain decimal text: 5207 crore units, power 7 → "52070000000". */
export function scaledText(units: number | bigint, power: number): string {
  const value = BigInt(units);
  if (value === 0n) return '0';
  return `${value}${'0'.repeat(power)}`;
}

/** An integer of hundredths (paise, basis points) as shortest decimal text: 250 → "2.5", -3 → "-0.03". */
export function hundredthsText(hundredths: number | bigint): string {
  const value = BigInt(hundredths);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = magnitude / 100n;
  const fraction = (magnitude % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return negative && text !== '0' ? `-${text}` : text;
}

/** An integer of hundredths with exactly two decimals, as exchange files write them: 1320 → "13.20". */
export function fixedHundredthsText(hundredths: number | bigint): string {
  const value = BigInt(hundredths);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  return `${negative ? '-' : ''}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** numerator / denominator rounded half away from zero to a whole number (BigInt, exact). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}
