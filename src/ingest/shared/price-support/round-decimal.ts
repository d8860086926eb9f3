/**
 * Rounds an exact decimal string to `places` decimals, halves away from zero, without floats.
 * Used only where a re-serialised source added float noise to a value the exchange published
 * with fewer decimals (the NIFTY 50 history's turnover, paise with `...89999.94` noise).
 */
export function roundDecimal(value: string, places: number): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  if (fraction.length <= places) return trimZeros(negative, whole, fraction);
  const kept = whole + fraction.slice(0, places);
  const roundUp = Number(fraction[places]) >= 5;
  const digits = roundUp ? increment(kept) : kept;
  const point = digits.length - places;
  return trimZeros(negative, digits.slice(0, point), digits.slice(point));
}

/** Adds one to a string of decimal digits. */
function increment(digits: string): string {
  const out = [...digits];
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

function trimZeros(negative: boolean, whole: string, fraction: string): string {
  const intPart = whole.replace(/^0+(?=\d)/, '') || '0';
  const fracPart = fraction.replace(/0+$/, '');
  const text = fracPart ? `${intPart}.${fracPart}` : intPart;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}
