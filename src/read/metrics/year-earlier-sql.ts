/**
 * yearEarlier (src/platform/time/date-arithmetic.ts) in SQL over a date expression from code:
 * what the screening SQL pairs growth with. A month's last day maps to that month's last day
 * a year earlier, so quarter and year ends always pair.
 */
export const yearEarlierSql = (date: string): string =>
  `(case when ${date} = (date_trunc('month', ${date}) + interval '1 month - 1 day')::date
         then (date_trunc('month', ${date} - interval '1 year') + interval '1 month - 1 day')::date
         else (${date} - interval '1 year')::date end)`;
