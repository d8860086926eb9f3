import { z } from 'zod';

/** Reported financial concepts, exactly the identifiers of SPEC.md. */
export const INCOME_STATEMENT_CONCEPTS = [
  'Revenue',
  'OtherIncome',
  'TotalIncome',
  'CostOfMaterials',
  'PurchasesOfStockInTrade',
  'ChangesInInventories',
  'EmployeeBenefitExpense',
  'FinanceCosts',
  'DepreciationAndAmortisation',
  'OtherExpenses',
  'TotalExpenses',
  'ProfitBeforeExceptionalItemsAndTax',
  'ExceptionalItems',
  'ProfitBeforeTax',
  'CurrentTax',
  'DeferredTax',
  'TaxExpense',
  'ProfitAfterTax',
  'OtherComprehensiveIncome',
  'TotalComprehensiveIncome',
  'BasicEarningsPerShare',
  'DilutedEarningsPerShare',
] as const;

export const BALANCE_SHEET_CONCEPTS = [
  'EquityShareCapital',
  'OtherEquity',
  'TotalEquity',
  'PropertyPlantAndEquipment',
  'Goodwill',
  'Inventories',
  'TradeReceivables',
  'CashAndCashEquivalents',
  'TotalAssets',
  'Borrowings',
  'TradePayables',
  'TotalLiabilities',
] as const;

export const CASH_FLOW_CONCEPTS = [
  'NetCashFromOperatingActivities',
  'NetCashFromInvestingActivities',
  'NetCashFromFinancingActivities',
  'NetIncreaseInCash',
] as const;

export const REPORTED_CONCEPTS = [...INCOME_STATEMENT_CONCEPTS, ...BALANCE_SHEET_CONCEPTS, ...CASH_FLOW_CONCEPTS] as const;

export const ReportedConceptSchema = z
  .enum(REPORTED_CONCEPTS)
  .describe('A reported financial concept identifier, e.g. Revenue or ProfitAfterTax');
export type ReportedConcept = z.infer<typeof ReportedConceptSchema>;

/**
 * Facts the results filings state beside SPEC.md's concepts, served as an extension
 * (docs/concepts.md): the face value per equity share, which turns share capital into a share
 * count. They are no reported concept: no growth, ratio or screen is derived from them.
 */
export const EXTENSION_CONCEPTS = ['FaceValuePerShare'] as const;
export type ExtensionConcept = (typeof EXTENSION_CONCEPTS)[number];

/** Every concept a fact may carry: SPEC.md's reported concepts and the extensions. */
export const FACT_CONCEPTS = [...REPORTED_CONCEPTS, ...EXTENSION_CONCEPTS] as const;

export const FactConceptSchema = z
  .enum(FACT_CONCEPTS)
  .describe('A reported financial concept identifier (e.g. Revenue, ProfitAfterTax), or the extension FaceValuePerShare');
export type FactConcept = z.infer<typeof FactConceptSchema>;

/** Ratios derived from reported facts. */
export const DERIVED_RATIOS = [
  'ebit',
  'ebitda',
  'net_margin',
  'ebit_margin',
  'ebitda_margin',
  'effective_tax_rate',
  'interest_coverage',
  'return_on_equity',
  'return_on_assets',
  'debt_to_equity',
  'asset_turnover',
  'cash_conversion',
] as const;

export const DerivedRatioSchema = z.enum(DERIVED_RATIOS).describe('A ratio derived from reported facts');
export type DerivedRatio = z.infer<typeof DerivedRatioSchema>;

export const OWNERSHIP_FIELDS = ['promoter_pct', 'fii_pct', 'dii_pct', 'mutual_fund_pct', 'public_pct', 'pledged_pct'] as const;

export const OwnershipFieldSchema = z.enum(OWNERSHIP_FIELDS).describe('An ownership percentage field');
export type OwnershipField = z.infer<typeof OwnershipFieldSchema>;

/** The unit a reported value is expressed in, after scaling to whole units. */
export const FactUnitSchema = z
  .enum(['INR', 'INR/share', 'shares', 'pure', '%'])
  .describe('Unit of the value: rupees, rupees per share, a share count, a pure number or a percentage');
export type FactUnit = z.infer<typeof FactUnitSchema>;

const FACT_CONCEPT_SET: ReadonlySet<string> = new Set(FACT_CONCEPTS);

/** Whether a string names a concept a fact may carry. */
export const isFactConcept = (value: string): value is FactConcept => FACT_CONCEPT_SET.has(value);
