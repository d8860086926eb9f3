import type { FactConcept } from '#schemas/common';

/**
 * Where a concept's value comes from: the first source with a value wins, but a 0 yields to
 * a later source with another value (the sources name one quantity, so a 0 beside it is an
 * element left unfilled: YES Bank's EPS after extraordinary items, 0.00 where the EPS before
 * them, with no extraordinary items, is 0.06). A source is one element, or the sum of
 * several (`all`: every part must be filed; `any`: the parts filed, e.g. current plus
 * non-current trade receivables when only current is filed).
 */
export interface Source {
  readonly parts: readonly string[];
  readonly sum?: 'all' | 'any';
  /** Filed on the quarter's duration context although it is a balance at its end (paid-up capital). */
  readonly fromDuration?: boolean;
}

/** Which column a concept is read from: the quarter and year to date, the balance sheet, or the cash flow (always year to date). */
export type Statement = 'income' | 'balance' | 'cash_flow';

export interface ConceptRule {
  readonly concept: FactConcept;
  readonly statement: Statement;
  readonly sources: readonly Source[];
}

const one = (...names: string[]): Source[] => names.map((name) => ({ parts: [name] }));
const sumAll = (...parts: string[]): Source => ({ parts, sum: 'all' });
const sumAny = (...parts: string[]): Source => ({ parts, sum: 'any' });
const rule = (concept: FactConcept, statement: Statement, ...sources: Source[]): ConceptRule => ({ concept, statement, sources });
const income = (concept: FactConcept, ...names: string[]) => rule(concept, 'income', ...one(...names));
const balance = (concept: FactConcept, ...sources: Source[]) => rule(concept, 'balance', ...sources);
const paidUpCapital: Source = { parts: ['PaidUpValueOfEquityShareCapital'], fromDuration: true };

/**
 * The face value per equity share the filing states beside its paid-up capital, on the
 * quarter's context, as a balance at the reporting date: with the capital it gives the
 * share count (market capitalisation), dated and known like any fact. Every taxonomy has it.
 */
const FACE_VALUE = balance('FaceValuePerShare', { parts: ['FaceValueOfEquityShareCapital'], fromDuration: true });

/** Statement of cash flows: the same elements in every taxonomy that has one. */
const CASH_FLOW: readonly ConceptRule[] = [
  rule('NetCashFromOperatingActivities', 'cash_flow', ...one('CashFlowsFromUsedInOperatingActivities')),
  rule('NetCashFromInvestingActivities', 'cash_flow', ...one('CashFlowsFromUsedInInvestingActivities')),
  rule('NetCashFromFinancingActivities', 'cash_flow', ...one('CashFlowsFromUsedInFinancingActivities')),
  rule('NetIncreaseInCash', 'cash_flow', ...one('IncreaseDecreaseInCashAndCashEquivalents')),
];

/** Ind-AS statement of profit and loss (Schedule III, Division II), shared by companies and NBFCs. */
const IND_AS_INCOME: readonly ConceptRule[] = [
  income('Revenue', 'RevenueFromOperations'),
  income('OtherIncome', 'OtherIncome'),
  income('TotalIncome', 'Income'),
  income('CostOfMaterials', 'CostOfMaterialsConsumed'),
  income('PurchasesOfStockInTrade', 'PurchasesOfStockInTrade'),
  income('ChangesInInventories', 'ChangesInInventoriesOfFinishedGoodsWorkInProgressAndStockInTrade'),
  income('EmployeeBenefitExpense', 'EmployeeBenefitExpense'),
  income('FinanceCosts', 'FinanceCosts'),
  income('DepreciationAndAmortisation', 'DepreciationDepletionAndAmortisationExpense'),
  income('OtherExpenses', 'OtherExpenses'),
  income('TotalExpenses', 'Expenses'),
  income('ProfitBeforeExceptionalItemsAndTax', 'ProfitBeforeExceptionalItemsAndTax'),
  income('ExceptionalItems', 'ExceptionalItemsBeforeTax'),
  income('ProfitBeforeTax', 'ProfitBeforeTax'),
  income('CurrentTax', 'CurrentTax'),
  income('DeferredTax', 'DeferredTax'),
  income('TaxExpense', 'TaxExpense'),
  income('ProfitAfterTax', 'ProfitLossForPeriod'),
  income('OtherComprehensiveIncome', 'OtherComprehensiveIncomeNetOfTaxes'),
  income('TotalComprehensiveIncome', 'ComprehensiveIncomeForThePeriod'),
  income('BasicEarningsPerShare', 'BasicEarningsLossPerShareFromContinuingAndDiscontinuedOperations'),
  income('DilutedEarningsPerShare', 'DilutedEarningsLossPerShareFromContinuingAndDiscontinuedOperations'),
];

/** The balance-sheet lines that Schedule III's Division II (companies) and III (NBFCs) name alike. */
const IND_AS_COMMON_BALANCE: readonly ConceptRule[] = [
  balance('EquityShareCapital', ...one('EquityShareCapital'), paidUpCapital),
  balance('OtherEquity', ...one('OtherEquity')),
  balance('TotalEquity', ...one('Equity')),
  balance('PropertyPlantAndEquipment', ...one('PropertyPlantAndEquipment')),
  balance('Goodwill', ...one('Goodwill')),
  balance('Inventories', ...one('Inventories')),
  balance('CashAndCashEquivalents', ...one('CashAndCashEquivalents')),
];

/** Ind-AS balance sheet of a company (Schedule III, Division II). */
const IND_AS_BALANCE: readonly ConceptRule[] = [
  ...IND_AS_COMMON_BALANCE,
  balance('TradeReceivables', sumAny('TradeReceivablesCurrent', 'TradeReceivablesNoncurrent')),
  balance('TotalAssets', ...one('Assets')),
  balance('Borrowings', sumAny('BorrowingsCurrent', 'BorrowingsNoncurrent')),
  balance('TradePayables', sumAny('TradePayablesCurrent', 'TradePayablesNoncurrent')),
  balance('TotalLiabilities', ...one('Liabilities')),
];

/** Ind-AS balance sheet of an NBFC (Division III): financial and non-financial items, no current split. */
const NBFC_BALANCE: readonly ConceptRule[] = [
  ...IND_AS_COMMON_BALANCE,
  balance('TradeReceivables', ...one('TradeReceivables')),
  balance('TotalAssets', ...one('Assets'), sumAll('FinanicalAssets', 'NonFinancialAssets')),
  // An NBFC's debt: debt securities, other borrowings and subordinated liabilities (deposits excluded, as for banks).
  balance('Borrowings', sumAny('DebtSecurities', 'Borrowings', 'SubordinatedLiabilities')),
  balance(
    'TradePayables',
    ...one('Payables'),
    sumAny(
      'TotalOutstandingDuesOfMicroEnterpriseAndSmallEnterprise',
      'TotalOutstandingDuesOfCreditorsOtherThanMicroEnterpriseAndSmallEnterprise',
    ),
  ),
  balance('TotalLiabilities', ...one('Liabilities'), sumAll('FinancialLiabilities', 'NonFinancialLiabilities')),
];

/** Banks (RBI's Third Schedule formats): interest earned is the revenue, interest expended the finance cost. */
const BANKING: readonly ConceptRule[] = [
  income('Revenue', 'InterestEarned'),
  income('OtherIncome', 'OtherIncome'),
  income('TotalIncome', 'Income'),
  income('EmployeeBenefitExpense', 'EmployeesCost'),
  income('FinanceCosts', 'InterestExpended'),
  income('OtherExpenses', 'OtherOperatingExpenses'),
  income('TotalExpenses', 'ExpenditureExcludingProvisionsAndContingencies'),
  income('ExceptionalItems', 'ExceptionalItems'),
  income('ProfitBeforeTax', 'ProfitLossFromOrdinaryActivitiesBeforeTax'),
  income('TaxExpense', 'TaxExpense'),
  income('ProfitAfterTax', 'ProfitLossForThePeriod'),
  // Before extraordinary items is the same figure when there are none; it is read only where
  // the element after them is not filed or left 0 (see Source).
  income('BasicEarningsPerShare', 'BasicEarningsPerShareAfterExtraordinaryItems', 'BasicEarningsPerShareBeforeExtraordinaryItems'),
  income('DilutedEarningsPerShare', 'DilutedEarningsPerShareAfterExtraordinaryItems', 'DilutedEarningsPerShareBeforeExtraordinaryItems'),
  // The balance sheet's Capital holds preference capital too (KOTAKBANK: ₹1,492.87 crore beside
  // ₹992.87 crore of equity), and is sometimes misfiled (ICICIBANK Q4 FY24: ₹2,810 crore beside
  // ₹1,404.68 crore paid up): the equity capital the filing states is read first.
  balance('EquityShareCapital', paidUpCapital, ...one('Capital')),
  balance('OtherEquity', ...one('ReservesAndSurplus')),
  balance('TotalEquity', sumAll('Capital', 'ReservesAndSurplus')),
  balance('PropertyPlantAndEquipment', ...one('FixedAssets')),
  balance('CashAndCashEquivalents', sumAll('CashAndBalancesWithReserveBankOfIndia', 'BalancesWithBanksAndMoneyAtCallAndShortNotice')),
  balance('TotalAssets', ...one('Assets', 'CapitalAndLiabilities')),
  balance('Borrowings', ...one('Borrowings')),
  balance('TotalLiabilities', sumAll('Deposits', 'Borrowings', 'OtherLiabilitiesAndProvisions')),
  ...CASH_FLOW,
];

/** The pre-Ind-AS format (Indian GAAP, 2018): `Revenue` is total income. */
const NON_IND_AS: readonly ConceptRule[] = [
  income('Revenue', 'RevenueFromOperations'),
  income('OtherIncome', 'OtherIncome'),
  income('TotalIncome', 'Revenue'),
  income('CostOfMaterials', 'CostOfMaterialsConsumed'),
  income('PurchasesOfStockInTrade', 'PurchasesOfStockInTrade'),
  income('ChangesInInventories', 'ChangesInInventoriesOfFinishedGoodsWorkInProgressAndStockInTrade'),
  income('EmployeeBenefitExpense', 'EmployeeBenefitExpense'),
  income('FinanceCosts', 'FinanceCosts'),
  income('DepreciationAndAmortisation', 'DepreciationAndAmortisationExpense'),
  income('OtherExpenses', 'OtherExpenses'),
  income('TotalExpenses', 'Expenses'),
  income('ProfitBeforeExceptionalItemsAndTax', 'ProfitBeforeExceptionalAndExtraordinaryItemsAndTax'),
  income('ExceptionalItems', 'ExceptionalItems'),
  income('ProfitBeforeTax', 'ProfitBeforeTax'),
  income('CurrentTax', 'CurrentTax'),
  income('DeferredTax', 'DeferredTax'),
  income('TaxExpense', 'TaxExpense'),
  // A consolidated filing's ProfitLossForThePeriod is after minority interest (BAJAJFINSV Q4
  // FY18: 11,138.3 − 4,283.7 = 6,854.6 crore); the profit including it adds the minority's
  // share back. ProfitLossForPeriodBeforeMinorityInterest would say it directly, but the
  // year-to-date column files it in lakh as if in rupees (433988.00 for 43,398.8 crore).
  rule('ProfitAfterTax', 'income', sumAll('ProfitLossForThePeriod', 'ProfitLossOfMinorityInterest'), ...one('ProfitLossForThePeriod')),
  income('BasicEarningsPerShare', 'BasicEarningsLossPerShareFromContinuingAndDiscontinuedOperations'),
  income('DilutedEarningsPerShare', 'DilutedEarningsLossPerShareFromContinuingAndDiscontinuedOperations'),
  balance('EquityShareCapital', paidUpCapital),
];

/** The element families; each taxonomy of taxonomies.ts names one. */
export const CONCEPT_RULES = {
  'ind-as': [...IND_AS_INCOME, ...IND_AS_BALANCE, ...CASH_FLOW, FACE_VALUE],
  nbfc: [...IND_AS_INCOME, ...NBFC_BALANCE, ...CASH_FLOW, FACE_VALUE],
  banking: [...BANKING, FACE_VALUE],
  'non-ind-as': [...NON_IND_AS, FACE_VALUE],
} as const satisfies Record<string, readonly ConceptRule[]>;

export type ElementFamily = keyof typeof CONCEPT_RULES;
