/** Dates as the exchanges' URLs spell them, from ISO dates (YYYY-MM-DD). */

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

const parts = (date: string) => ({ yyyy: date.slice(0, 4), mm: date.slice(5, 7), dd: date.slice(8, 10) });

/** 2021-01-06 → 06-01-2021 (NSE's API windows). */
export function ddmmyyyyDashed(date: string): string {
  const { yyyy, mm, dd } = parts(date);
  return `${dd}-${mm}-${yyyy}`;
}

/** 2021-01-06 → 06012021 (NSE's full bhavcopy). */
export function ddmmyyyy(date: string): string {
  const { yyyy, mm, dd } = parts(date);
  return `${dd}${mm}${yyyy}`;
}

/** 2021-01-06 → 20210106 (UDiFF bhavcopies, BSE's API). */
export const yyyymmdd = (date: string): string => date.replaceAll('-', '');

/** 2021-01-06 → { month: 'JAN', name: '06JAN2021' } (NSE's legacy bhavcopy). */
export function legacyBhavcopyDate(date: string): { readonly year: string; readonly month: string; readonly name: string } {
  const { yyyy, mm, dd } = parts(date);
  const month = MONTHS[Number(mm) - 1] ?? 'JAN';
  return { year: yyyy, month, name: `${dd}${month}${yyyy}` };
}
