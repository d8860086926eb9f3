import type { Basis } from '#schemas/common';
import { divideRounded } from '#platform/decimals';
import type { FiscalQuarterSpan } from '#platform/time';
import type { CompanyHistory } from './simulate-company.ts';
import { addCashFlows, addIncome, type BalanceLines, type CashFlowLines, type IncomeLines, incomeTotals } from './statements.ts';

/** A column of flows: the quarter or the year to date. */
export interface FlowColumn<T> {
  readonly start: string;
  readonly end: string;
  readonly lines: T;
}

/**
 * What one results filing states, in units of its rounding: the quarter; the year to date
 * (from the second quarter); the balance sheet and the cash flow (half year and year end,
 * as Regulation 33 requires them then); and the share capital behind the EPS.
 */
export interface FilingStatements {
  readonly fq: FiscalQuarterSpan;
  readonly basis: Basis;
  readonly unitPower: number;
  readonly quarter: FlowColumn<IncomeLines>;
  readonly yearToDate: FlowColumn<IncomeLines> | null;
  readonly balance: BalanceLines | null;
  readonly cashFlow: FlowColumn<CashFlowLines> | null;
  readonly shareCapital: number;
  readonly faceValue: number;
  readonly shares: number;
  readonly dilutedShares: number;
}

/** The statements of the filing for the quarter at `index` of the history, on one basis. */
export function filingStatements(history: CompanyHistory, index: number, basis: Basis): FilingStatements {
  const current = history.quarters[index];
  const books = current?.entities.get(basis);
  if (!current || !books) throw new Error(`no ${basis} books for quarter ${index}`);
  const { fq } = current;
  const year = history.quarters.slice(index - (fq.quarter - 1), index + 1).map((q) => q.entities.get(basis));
  if (year.length !== fq.quarter || year.some((q) => q === undefined))
    throw new Error(`the year of quarter ${index} was not simulated from its start`);
  const quarters = year.filter((q) => q !== undefined);
  const withStatements = fq.quarter === 2 || fq.quarter === 4;
  return {
    fq,
    basis,
    unitPower: history.profile.unitPower,
    quarter: { start: fq.start, end: fq.end, lines: books.income },
    yearToDate: fq.quarter === 1 ? null : { start: fq.yearStart, end: fq.end, lines: quarters.map((q) => q.income).reduce(addIncome) },
    balance: withStatements ? books.balance : null,
    cashFlow: withStatements ? { start: fq.yearStart, end: fq.end, lines: quarters.map((q) => q.cashFlow).reduce(addCashFlows) } : null,
    shareCapital: current.shareCapital,
    faceValue: current.faceValue,
    shares: current.shares,
    dilutedShares: current.dilutedShares,
  };
}

/**
 * Basic and diluted EPS of a column, in paise: profit in rupees over shares, rounded to two
 * places. A loss is not diluted (options would reduce the loss per share), so its diluted
 * EPS is the basic one.
 */
export function earningsPerShare(statements: FilingStatements, lines: IncomeLines): { basic: bigint; diluted: bigint } {
  const profitPaise = BigInt(incomeTotals(lines).profitAfterTax) * 10n ** BigInt(statements.unitPower) * 100n;
  const basic = divideRounded(profitPaise, BigInt(statements.shares));
  const diluted = profitPaise > 0n ? divideRounded(profitPaise, BigInt(statements.dilutedShares)) : basic;
  return { basic, diluted };
}
