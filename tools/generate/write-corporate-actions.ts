import { daySpaceMonYear } from '#domain/indian-text';
import type { CorporateActionTruth } from './dataset-truth.ts';
import type { Company } from './universe.ts';

/** BSE's header, its ` BC End Date<TAB>` cell included as the real export has it. */
const HEADER =
  'Security Code,Security Name,Ex Date,Purpose,Record Date,BC Start Date, BC End Date\t,ND Start Date,ND End Date,Actual Payment Date';

/**
 * BSE's corporate-actions export (Corporate_Actions.csv), LF, in ex-date order. The
 * "Security Name" column is BSE's scrip id, not the company name; book-closure and
 * no-delivery dates are `-` (record dates replaced book closures long ago).
 */
export function writeCorporateActions(rows: ReadonlyArray<{ company: Company; action: CorporateActionTruth }>): Uint8Array {
  const sorted = [...rows].sort(
    (a, b) => a.action.exDate.localeCompare(b.action.exDate) || a.company.bseCode.localeCompare(b.company.bseCode),
  );
  const lines = sorted.map(
    ({ company, action }) =>
      `${company.bseCode},${company.bseId},${daySpaceMonYear(action.exDate)},${action.purpose},${daySpaceMonYear(action.recordDate)},-,-,-,-,-`,
  );
  return new TextEncoder().encode([HEADER, ...lines].map((line) => `${line}\n`).join(''));
}
