import type { Decimal } from '#platform/decimals';

/** Indian digit grouping of a run of integer digits: 59273800000 → 59,27,38,00,000. */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** The exact value with Indian grouping, trailing zeros dropped, then padded to minDecimals. */
export function formatDecimal(value: Decimal, minDecimals = 0): string {
  const [integer = '0', fraction = ''] = value.abs().toFixed().split('.');
  const decimals = fraction.padEnd(minDecimals, '0');
  const sign = value.isNegative() && !value.isZero() ? '-' : '';
  return `${sign}${groupIndian(integer)}${decimals ? `.${decimals}` : ''}`;
}
