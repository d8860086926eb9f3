import type { FilingStatements, FlowColumn } from './filing-statements.ts';
import type { Prng } from './prng.ts';
import type { IncomeLines } from './statements.ts';

/**
 * How a revised filing differs from its original. The revision states the true figures;
 * the original is what the company first filed:
 * - `revenue-reclassified`: part of revenue was shown as other income (ACC's Q3 FY25
 *   revision moved 720 crore between them); total income and profit are unchanged.
 * - `expenses-reclassified`: part of employee cost was shown in other expenses; totals unchanged.
 * - `expense-corrected`: an accrued expense was left out, so the original profit, EPS and
 *   equity were too high (and its other liabilities too low; total assets unchanged).
 */
export const RESTATEMENT_KINDS = ['revenue-reclassified', 'expenses-reclassified', 'expense-corrected'] as const;
export type RestatementKind = (typeof RESTATEMENT_KINDS)[number];

type Change = (lines: IncomeLines) => IncomeLines;

const onFlows = (s: FilingStatements, change: Change): Pick<FilingStatements, 'quarter' | 'yearToDate'> => {
  const apply = (column: FlowColumn<IncomeLines>) => ({ ...column, lines: change(column.lines) });
  return { quarter: apply(s.quarter), yearToDate: s.yearToDate && apply(s.yearToDate) };
};

/** The original filing of a revision of the given kind; a kind the figures cannot carry falls back to a revenue reclassification. */
export function originalOf(
  revised: FilingStatements,
  kind: RestatementKind,
  rng: Prng,
): { statements: FilingStatements; kind: RestatementKind } {
  const q = revised.quarter.lines;
  if (kind === 'expenses-reclassified') {
    const amount = Math.max(1, Math.round(q.otherExpenses * rng.between(0.05, 0.2)));
    if (q.employeeBenefits >= amount) {
      const change: Change = (l) => ({ ...l, otherExpenses: l.otherExpenses + amount, employeeBenefits: l.employeeBenefits - amount });
      return { statements: { ...revised, ...onFlows(revised, change) }, kind };
    }
  }
  if (kind === 'expense-corrected') {
    const amount = Math.max(1, Math.round(q.revenue * rng.between(0.005, 0.02)));
    const balance = revised.balance;
    if (q.otherExpenses >= amount && (!balance || balance.otherCurrentLiabilities >= amount)) {
      const change: Change = (l) => ({ ...l, otherExpenses: l.otherExpenses - amount });
      const originalBalance = balance && {
        ...balance,
        otherEquity: balance.otherEquity + amount,
        otherCurrentLiabilities: balance.otherCurrentLiabilities - amount,
      };
      return { statements: { ...revised, ...onFlows(revised, change), balance: originalBalance }, kind };
    }
  }
  const amount = Math.max(1, Math.round(q.revenue * rng.between(0.03, 0.15)));
  const change: Change = (l) => ({ ...l, revenue: l.revenue - amount, otherIncome: l.otherIncome + amount });
  return { statements: { ...revised, ...onFlows(revised, change) }, kind: 'revenue-reclassified' };
}
