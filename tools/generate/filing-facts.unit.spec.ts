import { describe, expect, it } from 'vitest';
import type { FilingTruth, TruthFact } from './dataset-truth.ts';
import { generateDataset } from './generate-dataset.ts';
import { simulateCompany } from './simulate-company.ts';
import { earningsPerShare, filingStatements } from './filing-statements.ts';
import { quarterEndsUpTo } from '#platform/time/calendar-quarter';
import { incomeTotals } from './statements.ts';
import { buildUniverse } from './universe.ts';

const dataset = generateDataset({ companies: 40, years: 3, priceDays: 0, revisionRate: 0.2 });
const filings = dataset.truth.companies.flatMap((c) => c.filings.map((f) => ({ company: c, filing: f })));

/** A filing's money facts of one period type, in rupees. */
function amounts(filing: FilingTruth, periodType: TruthFact['periodType']): Record<string, bigint> {
  const facts = filing.facts.filter((f) => f.periodType === periodType && f.unit === 'INR');
  return Object.fromEntries(facts.map((f) => [f.concept, BigInt(f.value)]));
}

const get = (values: Record<string, bigint>, concept: string): bigint => {
  const value = values[concept];
  if (value === undefined) throw new Error(`no ${concept}`);
  return value;
};

describe('the financial model: every filing is internally consistent', () => {
  it('adds up its income statement in every column', () => {
    for (const { filing } of filings) {
      for (const type of ['quarterly', 'half_yearly', 'nine_months', 'annual'] as const) {
        const v = amounts(filing, type);
        if (Object.keys(v).length === 0) continue;
        const g = (c: string) => get(v, c);
        expect(g('TotalIncome')).toBe(g('Revenue') + g('OtherIncome'));
        const expenses = [
          'CostOfMaterials',
          'PurchasesOfStockInTrade',
          'ChangesInInventories',
          'EmployeeBenefitExpense',
          'FinanceCosts',
          'DepreciationAndAmortisation',
          'OtherExpenses',
        ];
        expect(g('TotalExpenses')).toBe(expenses.reduce((sum, c) => sum + g(c), 0n));
        expect(g('ProfitBeforeExceptionalItemsAndTax')).toBe(g('TotalIncome') - g('TotalExpenses'));
        expect(g('ProfitBeforeTax')).toBe(g('ProfitBeforeExceptionalItemsAndTax') + g('ExceptionalItems'));
        expect(g('TaxExpense')).toBe(g('CurrentTax') + g('DeferredTax'));
        expect(g('ProfitAfterTax')).toBe(g('ProfitBeforeTax') - g('TaxExpense'));
        expect(g('TotalComprehensiveIncome')).toBe(g('ProfitAfterTax') + g('OtherComprehensiveIncome'));
      }
    }
  });

  it('balances its balance sheet and its cash flow', () => {
    const withBalance = filings.filter(({ filing }) => amounts(filing, 'instant')['TotalAssets'] !== undefined);
    expect(withBalance.length).toBeGreaterThan(0);
    for (const { filing } of withBalance) {
      const b = amounts(filing, 'instant');
      expect(get(b, 'TotalEquity')).toBe(get(b, 'EquityShareCapital') + get(b, 'OtherEquity'));
      expect(get(b, 'TotalAssets')).toBe(get(b, 'TotalEquity') + get(b, 'TotalLiabilities'));
      const ytd = amounts(filing, filing.fiscalQuarter === 4 ? 'annual' : 'half_yearly');
      expect(get(ytd, 'NetIncreaseInCash')).toBe(
        get(ytd, 'NetCashFromOperatingActivities') +
          get(ytd, 'NetCashFromInvestingActivities') +
          get(ytd, 'NetCashFromFinancingActivities'),
      );
    }
  });

  it('states amounts that are whole crores or lakhs as its rounding says, of a listed company size', () => {
    for (const { filing } of filings) {
      const unit = filing.rounding === 'crore' ? 10_000_000n : 100_000n;
      for (const fact of filing.facts.filter((f) => f.unit === 'INR')) expect(BigInt(fact.value) % unit).toBe(0n);
      for (const fact of filing.facts.filter((f) => f.unit === 'INR/share')) expect(fact.value).toMatch(/^-?\d+(\.\d{1,2})?$/);
      const revenue = get(amounts(filing, 'quarterly'), 'Revenue');
      expect(revenue).toBeGreaterThan(10n * 10_000_000n); // more than 10 crore a quarter
      expect(revenue).toBeLessThan(300_000n * 10_000_000n); // less than 3 lakh crore a quarter
    }
  });
});

describe('the financial model across filings', () => {
  const unrevised = (f: FilingTruth) => f.restatement === null || f.isRevision;
  const key = (companyIndex: number, f: FilingTruth) => `${companyIndex}|${f.basis}|${f.fiscalYear}`;

  it('reports a year whose quarters add up to its year-to-date figures, and cash that rolls forward', () => {
    const years = new Map<string, FilingTruth[]>();
    for (const { company, filing } of filings.filter(({ filing }) => unrevised(filing))) {
      const k = key(company.identity.index, filing);
      years.set(k, [...(years.get(k) ?? []), filing]);
    }
    let checked = 0;
    for (const year of years.values()) {
      const byQuarter = new Map(year.map((f) => [f.fiscalQuarter, f]));
      const annual = byQuarter.get(4);
      if (byQuarter.size !== 4 || !annual) continue;
      const quarterly = [1, 2, 3, 4].map((q) => amounts(byQuarter.get(q) as FilingTruth, 'quarterly'));
      const total = amounts(annual, 'annual');
      for (const concept of ['Revenue', 'OtherExpenses', 'ProfitAfterTax', 'TotalComprehensiveIncome']) {
        expect(quarterly.reduce((sum, q) => sum + get(q, concept), 0n)).toBe(get(total, concept));
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("keeps cash at a year end equal to the previous year end plus the year's net increase", () => {
    const yearEnds = new Map<string, FilingTruth>();
    for (const { company, filing } of filings)
      if (filing.fiscalQuarter === 4 && unrevised(filing)) yearEnds.set(key(company.identity.index, filing), filing);
    let checked = 0;
    for (const [k, filing] of yearEnds) {
      const [index, basis, year] = k.split('|');
      const previous = yearEnds.get(`${index}|${basis}|${Number(year) - 1}`);
      if (!previous) continue;
      expect(get(amounts(previous, 'instant'), 'CashAndCashEquivalents') + get(amounts(filing, 'annual'), 'NetIncreaseInCash')).toBe(
        get(amounts(filing, 'instant'), 'CashAndCashEquivalents'),
      );
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('revises reclassifications with profit unchanged and corrections with profit changed', () => {
    const revisions = filings.filter(({ filing }) => filing.isRevision);
    expect(revisions.length).toBeGreaterThan(3);
    for (const { company, filing } of revisions) {
      const original = company.filings.find((f) => f.fileName === filing.revisionOf);
      if (!original) throw new Error(`no original of ${filing.fileName}`);
      const [before, after] = [amounts(original, 'quarterly'), amounts(filing, 'quarterly')];
      expect(original.disseminatedAt < filing.disseminatedAt).toBe(true);
      expect(get(after, 'TotalIncome') === get(before, 'TotalIncome') || filing.restatement === 'expense-corrected').toBe(true);
      if (filing.restatement === 'expense-corrected') expect(get(after, 'ProfitAfterTax')).toBeLessThan(get(before, 'ProfitAfterTax'));
      else expect(get(after, 'ProfitAfterTax')).toBe(get(before, 'ProfitAfterTax'));
      if (filing.restatement === 'revenue-reclassified') expect(get(after, 'Revenue')).toBeGreaterThan(get(before, 'Revenue'));
    }
  });
});

describe('earnings per share', () => {
  it('is the profit over the shares in issue, to two decimals', () => {
    const ends = quarterEndsUpTo('2025-03-31', 8);
    for (const company of buildUniverse({ companies: 10, seed: 1, firstPeriodStart: '2023-04-01' })) {
      const history = simulateCompany(company, ends, 1);
      for (let i = 0; i < history.quarters.length; i++) {
        const s = filingStatements(history, i, company.bases[0] ?? 'standalone');
        const eps = earningsPerShare(s, s.quarter.lines);
        const rupees = BigInt(incomeTotals(s.quarter.lines).profitAfterTax) * 10n ** BigInt(s.unitPower);
        // |eps x shares - profit x 100| is at most half a paisa per share.
        const error = eps.basic * BigInt(s.shares) - rupees * 100n;
        expect(2n * (error < 0n ? -error : error) <= BigInt(s.shares)).toBe(true);
        expect(BigInt(s.shares * s.faceValue)).toBe(BigInt(s.shareCapital) * 10n ** BigInt(s.unitPower));
      }
    }
  });
});
