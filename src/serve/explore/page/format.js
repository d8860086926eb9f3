// @ts-check
// Formatting decimal strings from the API without floating point: values are shifted and
// grouped as text, so ₹5,927.38 crore is shown exactly as filed.

/** @typedef {{ type: string, start?: string | null, end: string, fiscal_year?: number | null, fiscal_quarter?: number | null }} Period */

/**
 * Indian digit grouping of integer digits: 5927 → 5,927; 5927380 → 59,27,380.
 * @param {string} digits
 */
export function groupIndian(digits) {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * `value` ÷ 10^power, exactly, as { sign, integer, fraction } digit strings.
 * @param {string | number} value
 * @param {number} power
 * @returns {{ sign: string, integer: string, fraction: string }}
 */
export function shiftDecimal(value, power) {
  const text = String(value).trim();
  const sign = text.startsWith('-') ? '-' : '';
  const [integer = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const digits = integer + fraction;
  const point = integer.length - power;
  // Zeros before the digits when the point moves left past them, after them when it moves
  // right past them (0.5 × 100 is 50).
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  const int = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const frac = padded.slice(at).replace(/0+$/, '');
  return { sign: /^0*$/.test(int + frac) ? '' : sign, integer: int, fraction: frac };
}

/**
 * A decimal string shifted by `power` and grouped, with at least `minDecimals` decimals.
 * @param {string | number} value
 * @param {number} [power]
 * @param {number} [minDecimals]
 */
export function formatDecimal(value, power = 0, minDecimals = 0) {
  const { sign, integer, fraction } = shiftDecimal(value, power);
  const decimals = fraction.padEnd(minDecimals, '0');
  return `${sign}${groupIndian(integer)}${decimals ? `.${decimals}` : ''}`;
}

/** @type {Partial<Record<string, number>>} */
const SCALE_POWER = { crore: 7, lakh: 5 };
/** @type {Partial<Record<string, string>>} */
const SCALE_WORD = { crore: ' cr', lakh: ' lakh' };

/**
 * A fact's value in its filing's scale: "₹5,927.38 cr", "₹12.50 lakh", "₹24.10", "54.3%".
 * @param {string | null | undefined} value
 * @param {string} unit
 * @param {string | null | undefined} scale
 * @returns {string | null}
 */
export function formatValue(value, unit, scale) {
  if (value === null || value === undefined) return null;
  switch (unit) {
    case 'INR': {
      const power = SCALE_POWER[scale ?? ''] ?? 0;
      const word = SCALE_WORD[scale ?? ''] ?? '';
      const text = formatDecimal(value, power, power ? 2 : 0);
      return text.startsWith('-') ? `-₹${text.slice(1)}${word}` : `₹${text}${word}`;
    }
    case 'INR/share':
      return `₹${formatDecimal(value, 0, 2)} per share`;
    case '%':
      return `${formatDecimal(value)}%`;
    case 'ratio':
      return `${formatDecimal(value, -2)}%`;
    default:
      return formatDecimal(value);
  }
}

/**
 * The number a chart plots for a value: rupees in crore, ratios as percentages, else as given.
 * @param {string | null | undefined} value
 * @param {string} unit
 * @returns {number | null}
 */
export function chartNumber(value, unit) {
  if (value === null || value === undefined) return null;
  const power = unit === 'INR' ? 7 : unit === 'ratio' ? -2 : 0;
  const { sign, integer, fraction } = shiftDecimal(value, power);
  return Number(`${sign}${integer}.${fraction || '0'}`);
}

/**
 * What a chart's y axis shows for a unit.
 * @param {string} unit
 */
export const chartUnit = (unit) => (unit === 'INR' ? '₹ crore' : unit === 'ratio' ? '%' : unit);

/**
 * "Q3 FY2025", "FY2024", "H1 FY2025", "9M FY2025", "at 2024-12-31".
 * @param {Pick<Period, 'type' | 'fiscal_year' | 'fiscal_quarter'> & { end?: string }} period
 */
export function periodLabel(period) {
  switch (period.type) {
    case 'quarterly':
      return `Q${period.fiscal_quarter} FY${period.fiscal_year}`;
    case 'annual':
      return `FY${period.fiscal_year}`;
    case 'half_yearly':
      return `H${period.fiscal_quarter === 4 ? 2 : 1} FY${period.fiscal_year}`;
    case 'nine_months':
      return `9M FY${period.fiscal_year}`;
    default:
      return `at ${period.end}`;
  }
}

/**
 * An API instant as "2025-01-31 13:15:56 UTC"; a date stays a date.
 * @param {string | null | undefined} iso
 */
export function instant(iso) {
  if (!iso) return '';
  return iso.length <= 10 ? iso : `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/**
 * Seconds since the epoch, for the chart's time axis.
 * @param {string} iso
 */
export const seconds = (iso) => Date.parse(iso.length <= 10 ? `${iso}T00:00:00Z` : iso) / 1000;
