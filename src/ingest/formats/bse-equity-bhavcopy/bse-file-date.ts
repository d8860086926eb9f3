import { parseExchangeDate } from '#domain/indian-text';

/**
 * The trading day of a BSE bhavcopy from its name, EQDDMMYY.CSV: the rows carry no date.
 * Two-digit years are 20YY; BSE's CSV bhavcopies start in the 2000s.
 */
export function bseFileDate(name: string): string | null {
  const m = /^EQ(\d{2})(\d{2})(\d{2})\.CSV$/i.exec(name);
  return m ? parseExchangeDate(`20${m[3]}-${m[2]}-${m[1]}`) : null;
}
