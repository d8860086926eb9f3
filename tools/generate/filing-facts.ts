import type { ReportedConcept, PeriodType } from '#schemas/common';
import type { TruthFact } from './dataset-truth.ts';
import { hundredthsText, scaledText } from '#platform/decimals';
import { earningsPerShare, type FilingStatements, type FlowColumn } from './filing-statements.ts';
import { balanceTotals, type IncomeLines, incomeTotals, netCashFlow } from './statements.ts';

const YEAR_TO_DATE_TYPE: Readonly<Record<2 | 3 | 4, PeriodType>> = { 2: 'half_yearly', 3: 'nine_months', 4: 'annual' };

interface Period {
  readonly periodType: PeriodType;
  readonly periodStart: string | null;
  readonly periodEnd: string;
  readonly fiscalYear: number;
  readonly fiscalQuarter: number | null;
}

function incomeFacts(s: FilingStatements, column: FlowColumn<IncomeLines>, period: Period): TruthFact[] {
  const l = column.lines;
  const t = incomeTotals(l);
  const eps = earningsPerShare(s, l);
  const money: Array<[ReportedConcept, number]> = [
    ['Revenue', l.revenue],
    ['OtherIncome', l.otherIncome],
    ['TotalIncome', t.totalIncome],
    ['CostOfMaterials', l.costOfMaterials],
    ['PurchasesOfStockInTrade', l.purchases],
    ['ChangesInInventories', l.changesInInventories],
    ['EmployeeBenefitExpense', l.employeeBenefits],
    ['FinanceCosts', l.financeCosts],
    ['DepreciationAndAmortisation', l.depreciation],
    ['OtherExpenses', l.otherExpenses],
    ['TotalExpenses', t.totalExpenses],
    ['ProfitBeforeExceptionalItemsAndTax', t.profitBeforeExceptional],
    ['ExceptionalItems', l.exceptionalItems],
    ['ProfitBeforeTax', t.profitBeforeTax],
    ['CurrentTax', l.currentTax],
    ['DeferredTax', l.deferredTax],
    ['TaxExpense', t.taxExpense],
    ['ProfitAfterTax', t.profitAfterTax],
    ['OtherComprehensiveIncome', l.otherComprehensiveIncome],
    ['TotalComprehensiveIncome', t.totalComprehensiveIncome],
  ];
  return [
    ...money.map(([concept, units]): TruthFact => ({ concept, ...period, unit: 'INR', value: scaledText(units, s.unitPower) })),
    { concept: 'BasicEarningsPerShare', ...period, unit: 'INR/share', value: hundredthsText(eps.basic) },
    { concept: 'DilutedEarningsPerShare', ...period, unit: 'INR/share', value: hundredthsText(eps.diluted) },
  ];
}

/**
 * The facts a filing states, named by the project's concepts, on the periods docs/periods.md
 * defines: the quarter, the year to date (half year, nine months or the year), the balance
 * sheet at the quarter's end (share capital in every filing: it is filed with the quarter as
 * paid-up capital, with the face value per share) and the cash flow for the year to date.
 */
export function filingFacts(s: FilingStatements): TruthFact[] {
  const { fq } = s;
  const money = (concept: ReportedConcept, period: Period, units: number): TruthFact => ({
    concept,
    ...period,
    unit: 'INR',
    value: scaledText(units, s.unitPower),
  });
  const quarter: Period = {
    periodType: 'quarterly',
    periodStart: fq.start,
    periodEnd: fq.end,
    fiscalYear: fq.fiscalYear,
    fiscalQuarter: fq.quarter,
  };
  const instant: Period = {
    periodType: 'instant',
    periodStart: null,
    periodEnd: fq.end,
    fiscalYear: fq.fiscalYear,
    fiscalQuarter: fq.quarter,
  };
  const facts = incomeFacts(s, s.quarter, quarter);
  const ytd: Period | null =
    fq.quarter === 1
      ? null
      : {
          periodType: YEAR_TO_DATE_TYPE[fq.quarter],
          periodStart: fq.yearStart,
          periodEnd: fq.end,
          fiscalYear: fq.fiscalYear,
          fiscalQuarter: fq.quarter === 4 ? null : fq.quarter,
        };
  if (ytd && s.yearToDate) facts.push(...incomeFacts(s, s.yearToDate, ytd));
  facts.push(money('EquityShareCapital', instant, s.shareCapital), {
    concept: 'FaceValuePerShare',
    ...instant,
    unit: 'INR/share',
    value: String(s.faceValue),
  });
  if (s.balance) {
    const b = s.balance;
    const t = balanceTotals(b);
    facts.push(
      money('OtherEquity', instant, b.otherEquity),
      money('TotalEquity', instant, t.totalEquity),
      money('PropertyPlantAndEquipment', instant, b.propertyPlantAndEquipment),
      ...(s.basis === 'consolidated' ? [money('Goodwill', instant, b.goodwill)] : []),
      money('Inventories', instant, b.inventories),
      money('TradeReceivables', instant, t.receivables),
      money('CashAndCashEquivalents', instant, b.cash),
      money('TotalAssets', instant, t.totalAssets),
      money('Borrowings', instant, t.borrowings),
      money('TradePayables', instant, t.payables),
      money('TotalLiabilities', instant, t.totalLiabilities),
    );
  }
  if (ytd && s.cashFlow) {
    const c = s.cashFlow.lines;
    facts.push(
      money('NetCashFromOperatingActivities', ytd, c.operating),
      money('NetCashFromInvestingActivities', ytd, c.investing),
      money('NetCashFromFinancingActivities', ytd, c.financing),
      money('NetIncreaseInCash', ytd, netCashFlow(c)),
    );
  }
  return facts;
}
