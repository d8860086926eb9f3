/**
 * The ISIN check digit: Luhn over the characters spelled as numbers (A = 10 … Z = 35), the
 * rule src/domain/identity/isin.ts checks.
 */
export function isinCheckDigit(body: string): number {
  const digits = [...body].map((ch) => parseInt(ch, 36).toString()).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return (10 - (sum % 10)) % 10;
}

/** Issuer codes `Z000`..`ZZZZ`: a code space no real Indian issuer is known to use. */
export const ISSUER_CODES = 36 ** 3;

/**
 * The equity-share ISIN (`INE<issuer>01<serial 01><check>`) of the n-th synthetic issuer. The
 * issuer code starts with Z so the ISINs cannot name a real company of the fixtures.
 */
export function syntheticEquityIsin(issuer: number): string {
  const code = `Z${(issuer % ISSUER_CODES).toString(36).toUpperCase().padStart(3, '0')}`;
  const body = `INE${code}0101`;
  return `${body}${isinCheckDigit(body)}`;
}
