/**
 * The statements of one entity (a company's standalone or consolidated books) for a period,
 * in whole units of the filing's rounding (crore or lakh). Only independent lines are
 * stored; every total is derived here, so a filing is consistent by construction:
 * Income = Revenue + OtherIncome, Expenses = the sum of the expense lines, PBT = Income -
 * Expenses + exceptional items, PAT = PBT - tax, Assets = Equity + Liabilities.
 */
export interface IncomeLines {
  readonly revenue: number;
  readonly otherIncome: number;
  readonly costOfMaterials: number;
  readonly purchases: number;
  readonly changesInInventories: number;
  readonly employeeBenefits: number;
  readonly financeCosts: number;
  readonly depreciation: number;
  readonly otherExpenses: number;
  readonly exceptionalItems: number;
  readonly currentTax: number;
  readonly deferredTax: number;
  readonly otherComprehensiveIncome: number;
}

export const INCOME_LINES = [
  'revenue',
  'otherIncome',
  'costOfMaterials',
  'purchases',
  'changesInInventories',
  'employeeBenefits',
  'financeCosts',
  'depreciation',
  'otherExpenses',
  'exceptionalItems',
  'currentTax',
  'deferredTax',
  'otherComprehensiveIncome',
] as const satisfies readonly (keyof IncomeLines)[];

export interface IncomeTotals {
  readonly totalIncome: number;
  readonly totalExpenses: number;
  readonly profitBeforeExceptional: number;
  readonly profitBeforeTax: number;
  readonly taxExpense: number;
  readonly profitAfterTax: number;
  readonly totalComprehensiveIncome: number;
}

export function incomeTotals(lines: IncomeLines): IncomeTotals {
  const totalIncome = lines.revenue + lines.otherIncome;
  const totalExpenses =
    lines.costOfMaterials +
    lines.purchases +
    lines.changesInInventories +
    lines.employeeBenefits +
    lines.financeCosts +
    lines.depreciation +
    lines.otherExpenses;
  const profitBeforeExceptional = totalIncome - totalExpenses;
  const profitBeforeTax = profitBeforeExceptional + lines.exceptionalItems;
  const taxExpense = lines.currentTax + lines.deferredTax;
  const profitAfterTax = profitBeforeTax - taxExpense;
  return {
    totalIncome,
    totalExpenses,
    profitBeforeExceptional,
    profitBeforeTax,
    taxExpense,
    profitAfterTax,
    totalComprehensiveIncome: profitAfterTax + lines.otherComprehensiveIncome,
  };
}

/** Flows add up: a year to date is the sum of its quarters. */
export function addIncome(a: IncomeLines, b: IncomeLines): IncomeLines {
  const sum = {} as Record<keyof IncomeLines, number>;
  for (const key of INCOME_LINES) sum[key] = a[key] + b[key];
  return sum;
}

export interface BalanceLines {
  readonly shareCapital: number;
  readonly otherEquity: number;
  readonly propertyPlantAndEquipment: number;
  readonly goodwill: number;
  readonly otherNoncurrentAssets: number;
  readonly inventories: number;
  readonly receivablesCurrent: number;
  readonly receivablesNoncurrent: number;
  readonly cash: number;
  readonly otherCurrentAssets: number;
  readonly borrowingsNoncurrent: number;
  readonly borrowingsCurrent: number;
  readonly payablesNoncurrent: number;
  readonly payablesCurrent: number;
  readonly otherNoncurrentLiabilities: number;
  readonly otherCurrentLiabilities: number;
}

export interface BalanceTotals {
  readonly totalEquity: number;
  readonly noncurrentAssets: number;
  readonly currentAssets: number;
  readonly totalAssets: number;
  readonly noncurrentLiabilities: number;
  readonly currentLiabilities: number;
  readonly totalLiabilities: number;
  readonly receivables: number;
  readonly borrowings: number;
  readonly payables: number;
}

export function balanceTotals(b: BalanceLines): BalanceTotals {
  const noncurrentAssets = b.propertyPlantAndEquipment + b.goodwill + b.receivablesNoncurrent + b.otherNoncurrentAssets;
  const currentAssets = b.inventories + b.receivablesCurrent + b.cash + b.otherCurrentAssets;
  const noncurrentLiabilities = b.borrowingsNoncurrent + b.payablesNoncurrent + b.otherNoncurrentLiabilities;
  const currentLiabilities = b.borrowingsCurrent + b.payablesCurrent + b.otherCurrentLiabilities;
  return {
    totalEquity: b.shareCapital + b.otherEquity,
    noncurrentAssets,
    currentAssets,
    totalAssets: noncurrentAssets + currentAssets,
    noncurrentLiabilities,
    currentLiabilities,
    totalLiabilities: noncurrentLiabilities + currentLiabilities,
    receivables: b.receivablesCurrent + b.receivablesNoncurrent,
    borrowings: b.borrowingsCurrent + b.borrowingsNoncurrent,
    payables: b.payablesCurrent + b.payablesNoncurrent,
  };
}

export interface CashFlowLines {
  readonly operating: number;
  readonly investing: number;
  readonly financing: number;
}

export const netCashFlow = (c: CashFlowLines) => c.operating + c.investing + c.financing;

export const addCashFlows = (a: CashFlowLines, b: CashFlowLines): CashFlowLines => ({
  operating: a.operating + b.operating,
  investing: a.investing + b.investing,
  financing: a.financing + b.financing,
});

/** One quarter of one entity: its flows and its balance sheet at the quarter's end. */
export interface EntityQuarter {
  readonly income: IncomeLines;
  readonly balance: BalanceLines;
  readonly cashFlow: CashFlowLines;
}
