/**
 * The same calendar day a year earlier, for pairing a period with the one covering the same
 * months (ISO dates). A month's last day maps to that month's last day (2025-02-28 →
 * 2024-02-29, 2024-02-29 → 2023-02-28), so quarter and year ends always pair.
 */
export function yearEarlier(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const isMonthEnd = day === lastDay(year, month);
  const earlierDay = isMonthEnd ? lastDay(year - 1, month) : Math.min(day, lastDay(year - 1, month));
  return `${year - 1}-${String(month).padStart(2, '0')}-${String(earlierDay).padStart(2, '0')}`;
}

/** The same in SQL over a date expression from code: what the screening SQL pairs growth with. */
export const yearEarlierSql = (date: string): string =>
  `(case when ${date} = (date_trunc('month', ${date}) + interval '1 month - 1 day')::date
         then (date_trunc('month', ${date} - interval '1 year') + interval '1 month - 1 day')::date
         else (${date} - interval '1 year')::date end)`;
