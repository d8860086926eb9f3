import type { ShareholdingTruth } from './dataset-truth.ts';

/**
 * A shareholding summary, `<SYMBOL>.csv`: headerless `period,promoters,fiis,diis,government,public`,
 * CRLF, oldest first; the period key `YYYYMMDDT` is the first day of the quarter's last month
 * (`20240601T` for the quarter ended 30 Jun 2024).
 */
export function writeShareholdingSummary(rows: readonly ShareholdingTruth[]): Uint8Array {
  const lines = rows.map(
    (r) =>
      `${r.periodEnd.slice(0, 4)}${r.periodEnd.slice(5, 7)}01T,${r.promoterPct},${r.fiiPct},${r.diiPct},${r.governmentPct},${r.publicPct}\r\n`,
  );
  return new TextEncoder().encode(lines.join(''));
}
