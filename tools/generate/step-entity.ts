import type { CompanyProfile, EntityProfile } from './company-profile.ts';
import type { Prng } from './prng.ts';
import { type BalanceLines, type CashFlowLines, type EntityQuarter, type IncomeLines, incomeTotals } from './statements.ts';

/** Where an entity stands at the end of a quarter: its balance sheet and its business level. */
export interface EntityState {
  readonly balance: BalanceLines;
  /** A slow random walk on top of trend and season, so quarters are not a clean curve. */
  readonly level: number;
}

/** What the company does that every set of its books sees in a quarter. */
export interface CompanyQuarterEvents {
  /** Fiscal quarter 1..4, for the season. */
  readonly quarter: 1 | 2 | 3 | 4;
  /** Quarters since the first simulated one, for the trend. */
  readonly t: number;
  readonly shareCapital: number;
  /** Dividends paid in the quarter, in units. */
  readonly dividends: number;
  /** Reserves turned into share capital by a bonus issue, in units. */
  readonly bonusCapital: number;
}

const DAYS_PER_QUARTER = 91;

/** The balance sheet an entity starts from, sized by its profile. */
export function initialState(p: EntityProfile, shareCapital: number): EntityState {
  const r = p.baseQuarterRevenue;
  const borrowings = Math.round(r * 4 * p.debtToRevenue);
  const receivables = Math.round((r * p.receivableDays) / DAYS_PER_QUARTER);
  const payables = Math.round((r * (p.materials + p.purchases + p.otherExpenses) * p.payableDays) / DAYS_PER_QUARTER);
  const equity = Math.max(p.equity, Math.round(shareCapital * 1.2));
  const balance = fitBalance(r, {
    shareCapital,
    otherEquity: equity - shareCapital,
    propertyPlantAndEquipment: p.propertyPlantAndEquipment,
    goodwill: p.goodwill,
    inventories: Math.round((r * p.inventoryDays) / DAYS_PER_QUARTER),
    receivablesNoncurrent: Math.round(receivables * p.noncurrentReceivableShare),
    receivablesCurrent: receivables - Math.round(receivables * p.noncurrentReceivableShare),
    cash: p.cash,
    borrowingsNoncurrent: Math.round(borrowings * (1 - p.currentDebtShare)),
    borrowingsCurrent: borrowings - Math.round(borrowings * (1 - p.currentDebtShare)),
    payablesNoncurrent: Math.round(payables * p.noncurrentPayableShare),
    payablesCurrent: payables - Math.round(payables * p.noncurrentPayableShare),
    otherNoncurrentLiabilities: Math.round(r * p.otherLiabilities * 0.4),
    otherCurrentLiabilities: Math.round(r * p.otherLiabilities * 0.6),
  });
  return { balance, level: 1 };
}

/**
 * Other assets (investments, advances, deposits) are what balances the sheet: Assets =
 * Equity + Liabilities. When the named assets already exceed that, other current
 * liabilities take the difference, keeping a floor of other assets.
 */
function fitBalance(revenue: number, b: Omit<BalanceLines, 'otherNoncurrentAssets' | 'otherCurrentAssets'>): BalanceLines {
  const funding =
    b.shareCapital +
    b.otherEquity +
    b.borrowingsNoncurrent +
    b.borrowingsCurrent +
    b.payablesNoncurrent +
    b.payablesCurrent +
    b.otherNoncurrentLiabilities +
    b.otherCurrentLiabilities;
  const named = b.propertyPlantAndEquipment + b.goodwill + b.inventories + b.receivablesCurrent + b.receivablesNoncurrent + b.cash;
  const floor = Math.round(revenue * 0.05);
  const other = funding - named;
  const topUp = Math.max(0, floor - other);
  const otherAssets = other + topUp;
  const otherNoncurrentAssets = Math.round(otherAssets * 0.55);
  return {
    ...b,
    otherCurrentLiabilities: b.otherCurrentLiabilities + topUp,
    otherNoncurrentAssets,
    otherCurrentAssets: otherAssets - otherNoncurrentAssets,
  };
}

function incomeOf(rng: Prng, p: EntityProfile, revenue: number, prev: BalanceLines): IncomeLines {
  const r = revenue;
  const base = {
    revenue: r,
    otherIncome: Math.round(r * p.otherIncome * rng.between(0.7, 1.3)),
    costOfMaterials: Math.round(r * p.materials * rng.between(0.96, 1.04)),
    purchases: Math.round(r * p.purchases * rng.between(0.9, 1.1)),
    changesInInventories: p.materials + p.purchases > 0 ? Math.round(r * rng.between(-0.02, 0.02)) : 0,
    employeeBenefits: Math.round(r * p.employees * rng.between(0.97, 1.03)),
    financeCosts: Math.round(((prev.borrowingsCurrent + prev.borrowingsNoncurrent) * p.interestRate) / 4),
    depreciation: Math.round((prev.propertyPlantAndEquipment * p.depreciationRate) / 4),
    otherExpenses: Math.round(r * p.otherExpenses * rng.between(0.95, 1.05)),
    exceptionalItems: rng.chance(0.04) ? Math.round(r * rng.between(0.01, 0.06)) * (rng.chance(0.7) ? -1 : 1) : 0,
    currentTax: 0,
    deferredTax: 0,
    otherComprehensiveIncome: Math.round(r * rng.between(-0.004, 0.004)),
  };
  const { profitBeforeTax } = incomeTotals(base);
  if (profitBeforeTax <= 0) return { ...base, deferredTax: Math.round(profitBeforeTax * 0.25) };
  const tax = Math.round(profitBeforeTax * p.taxRate * rng.between(0.95, 1.05));
  const currentTax = Math.round(tax * rng.between(0.8, 1.05));
  return { ...base, currentTax, deferredTax: tax - currentTax };
}

/**
 * One quarter of one entity: revenue from trend, season and noise; costs from its profile;
 * cash from the three activities (cash at the end = cash at the start + the net increase);
 * the balance sheet rolled forward and balanced.
 */
export function stepEntity(
  rng: Prng,
  p: EntityProfile,
  company: CompanyProfile,
  state: EntityState,
  events: CompanyQuarterEvents,
): { quarter: EntityQuarter; state: EntityState } {
  const prev = state.balance;
  const level = state.level * rng.between(0.97, 1.03);
  const trend = (1 + company.annualGrowth) ** (events.t / 4);
  const revenue = Math.max(
    10,
    Math.round(p.baseQuarterRevenue * trend * level * (company.seasons[events.quarter - 1] ?? 1) * rng.between(0.96, 1.04)),
  );
  const income = incomeOf(rng, p, revenue, prev);
  const totals = incomeTotals(income);

  const capex = Math.round(
    ((prev.propertyPlantAndEquipment * (Math.max(company.annualGrowth, 0) + p.depreciationRate)) / 4) * rng.between(0.5, 1.5),
  );
  const receivables = Math.round((revenue * p.receivableDays) / DAYS_PER_QUARTER);
  const payables = Math.round(((income.costOfMaterials + income.purchases + income.otherExpenses) * p.payableDays) / DAYS_PER_QUARTER);
  const inventories = Math.round((revenue * p.inventoryDays) / DAYS_PER_QUARTER);
  const workingCapitalBefore =
    prev.inventories + prev.receivablesCurrent + prev.receivablesNoncurrent - prev.payablesCurrent - prev.payablesNoncurrent;
  const borrowedBefore = prev.borrowingsCurrent + prev.borrowingsNoncurrent;
  const drawn = Math.max(-borrowedBefore, Math.round((revenue * 4 * p.debtToRevenue - borrowedBefore) * rng.between(0.1, 0.4)));

  const operating =
    totals.profitAfterTax +
    income.depreciation +
    income.deferredTax +
    income.financeCosts -
    (inventories + receivables - payables - workingCapitalBefore);
  const investing = -capex + Math.round(revenue * rng.between(-0.02, 0.02));
  let financing = drawn - income.financeCosts - events.dividends;
  // A company short of cash borrows: cash never falls below about a month of revenue.
  const shortfall = Math.round(revenue * 0.08) - (prev.cash + operating + investing + financing);
  const extra = shortfall > 0 ? shortfall + Math.round(revenue * 0.02) : 0;
  financing += extra;
  const cashFlow: CashFlowLines = { operating, investing, financing };
  const borrowings = borrowedBefore + drawn + extra;

  const receivablesNoncurrent = Math.round(receivables * p.noncurrentReceivableShare);
  const payablesNoncurrent = Math.round(payables * p.noncurrentPayableShare);
  const borrowingsNoncurrent = Math.round(borrowings * (1 - p.currentDebtShare));
  const balance = fitBalance(revenue, {
    shareCapital: events.shareCapital,
    otherEquity: prev.otherEquity + totals.totalComprehensiveIncome - events.dividends - events.bonusCapital,
    propertyPlantAndEquipment: prev.propertyPlantAndEquipment + capex - income.depreciation,
    goodwill: prev.goodwill,
    inventories,
    receivablesNoncurrent,
    receivablesCurrent: receivables - receivablesNoncurrent,
    cash: prev.cash + operating + investing + financing,
    borrowingsNoncurrent,
    borrowingsCurrent: borrowings - borrowingsNoncurrent,
    payablesNoncurrent,
    payablesCurrent: payables - payablesNoncurrent,
    otherNoncurrentLiabilities: Math.round(revenue * p.otherLiabilities * 0.4),
    otherCurrentLiabilities: Math.round(revenue * p.otherLiabilities * 0.6),
  });
  return { quarter: { income, balance, cashFlow }, state: { balance, level } };
}
