import { Decimal } from './exact-decimal.ts';
import { shiftDecimal } from './shift-decimal.ts';

/**
 * Rounds an exact decimal string to `places` decimals, halves away from zero, canonical
 * (trailing zeros dropped, no `-0`). Used only where a re-serialised source added float noise
 * to a value the exchange published with fewer decimals (the NIFTY 50 history's turnover,
 * paise with `...89999.94` noise).
 */
export function roundDecimal(value: string, places: number): string {
  return shiftDecimal(new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(), 0);
}
