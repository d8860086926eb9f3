/**
 * The Indian fiscal year (April to March) a date falls in, named by the year it ends in.
 * Used only for filings that carry no fiscal-year dates of their own (shareholding,
 * actions, disclosures); financial results carry the company's own dates.
 */
export function indianFiscalYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month >= 4 ? year + 1 : year;
}
