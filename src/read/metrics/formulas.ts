import { BALANCE_SHEET_CONCEPTS, CASH_FLOW_CONCEPTS, type DerivedRatio, type ReportedConcept } from '#schemas/common';
import type { MetricUnit } from '#schemas/read-models';

/**
 * Where in a period's statements an input is read:
 * - `period`: the duration of the metric period (the quarter, or the year);
 * - `closing`: the balance sheet at the period end (an instant of the same fiscal year and quarter);
 * - `ytd`: the fiscal year to the period end (a quarter's Q1 quarter, half year, nine months or year).
 * Balance-sheet concepts are always `closing` and cash flows always `ytd`: that is how they are filed.
 */
export type Slot = 'period' | 'closing' | 'ytd';

export interface FormulaInput {
  readonly concept: ReportedConcept;
  readonly slot: Slot;
}

/** A sum of inputs, optionally divided by another sum. Every input must be reported. */
export interface Formula {
  readonly numerator: readonly FormulaInput[];
  readonly denominator: readonly FormulaInput[] | null;
}

export interface RatioDefinition {
  readonly id: DerivedRatio;
  readonly label: string;
  readonly unit: MetricUnit;
  readonly formula: Formula;
  readonly description: string;
}

const BALANCE_SHEET = new Set<ReportedConcept>(BALANCE_SHEET_CONCEPTS);
const CASH_FLOW = new Set<ReportedConcept>(CASH_FLOW_CONCEPTS);

/** The slot a concept's own figures are filed in: closing balances, year-to-date cash flows, period income. */
export function naturalSlot(concept: ReportedConcept): Slot {
  if (BALANCE_SHEET.has(concept)) return 'closing';
  if (CASH_FLOW.has(concept)) return 'ytd';
  return 'period';
}

const input = (concept: ReportedConcept): FormulaInput => ({ concept, slot: naturalSlot(concept) });
const ytd = (concept: ReportedConcept): FormulaInput => ({ concept, slot: 'ytd' });

const EBIT = [input('ProfitBeforeTax'), input('FinanceCosts')];
const EBITDA = [...EBIT, input('DepreciationAndAmortisation')];
const REVENUE = [input('Revenue')];

const ratio = (numerator: readonly FormulaInput[], denominator: readonly FormulaInput[]): Formula => ({
  numerator,
  denominator,
});

/** The twelve derived ratios of SPEC.md; docs/metrics.md explains each choice. */
export const RATIO_DEFINITIONS: readonly RatioDefinition[] = [
  {
    id: 'ebit',
    label: 'EBIT',
    unit: 'INR',
    formula: { numerator: EBIT, denominator: null },
    description: 'Earnings before interest and tax: profit before tax (after exceptional items) plus finance costs, for the period.',
  },
  {
    id: 'ebitda',
    label: 'EBITDA',
    unit: 'INR',
    formula: { numerator: EBITDA, denominator: null },
    description: 'EBIT plus depreciation and amortisation, for the period. Banks file no depreciation line, so it is unavailable for them.',
  },
  {
    id: 'net_margin',
    label: 'Net profit margin',
    unit: 'ratio',
    formula: ratio([input('ProfitAfterTax')], REVENUE),
    description: 'Profit after tax over revenue from operations (for banks: interest earned), for the period.',
  },
  {
    id: 'ebit_margin',
    label: 'EBIT margin',
    unit: 'ratio',
    formula: ratio(EBIT, REVENUE),
    description: 'EBIT over revenue from operations, for the period.',
  },
  {
    id: 'ebitda_margin',
    label: 'EBITDA margin',
    unit: 'ratio',
    formula: ratio(EBITDA, REVENUE),
    description: 'EBITDA over revenue from operations, for the period.',
  },
  {
    id: 'effective_tax_rate',
    label: 'Effective tax rate',
    unit: 'ratio',
    formula: ratio([input('TaxExpense')], [input('ProfitBeforeTax')]),
    description: 'Tax expense over profit before tax, for the period; unavailable when profit before tax is not positive.',
  },
  {
    id: 'interest_coverage',
    label: 'Interest coverage',
    unit: 'ratio',
    formula: ratio(EBIT, [input('FinanceCosts')]),
    description: 'EBIT over finance costs (times covered), for the period; unavailable without finance costs.',
  },
  {
    id: 'return_on_equity',
    label: 'Return on equity',
    unit: 'ratio',
    formula: ratio([input('ProfitAfterTax')], [input('TotalEquity')]),
    description: 'Profit after tax of the period over closing total equity; a quarter is not annualised.',
  },
  {
    id: 'return_on_assets',
    label: 'Return on assets',
    unit: 'ratio',
    formula: ratio([input('ProfitAfterTax')], [input('TotalAssets')]),
    description: 'Profit after tax of the period over closing total assets; a quarter is not annualised.',
  },
  {
    id: 'debt_to_equity',
    label: 'Debt to equity',
    unit: 'ratio',
    formula: ratio([input('Borrowings')], [input('TotalEquity')]),
    description: 'Borrowings over total equity, both at the period end.',
  },
  {
    id: 'asset_turnover',
    label: 'Asset turnover',
    unit: 'ratio',
    formula: ratio(REVENUE, [input('TotalAssets')]),
    description: 'Revenue from operations of the period over closing total assets; a quarter is not annualised.',
  },
  {
    id: 'cash_conversion',
    label: 'Cash conversion',
    unit: 'ratio',
    formula: ratio([input('NetCashFromOperatingActivities')], [ytd('ProfitAfterTax')]),
    description: 'Net cash from operating activities over profit after tax, both for the fiscal year to the period end.',
  },
];

/** The formula as text over concept names, e.g. `(ProfitBeforeTax + FinanceCosts) / FinanceCosts`. */
export function formulaText(formula: Formula): string {
  const sum = (inputs: readonly FormulaInput[]) => {
    const terms = inputs.map((i) => (i.slot === naturalSlot(i.concept) ? i.concept : `${i.concept} [${i.slot}]`));
    return terms.length > 1 && formula.denominator ? `(${terms.join(' + ')})` : terms.join(' + ');
  };
  return formula.denominator ? `${sum(formula.numerator)} / ${sum(formula.denominator)}` : sum(formula.numerator);
}

/** Growth: (current − prior) / |prior|, the concept a year earlier in the same slot. */
export const growthFormulaText = (concept: ReportedConcept): string =>
  `(${concept} − ${concept} a year earlier) / |${concept} a year earlier|`;
