import { fixedHundredthsText } from '#platform/decimals';
import { earningsPerShare, type FilingStatements, type FlowColumn } from './filing-statements.ts';
import { balanceTotals, type IncomeLines, incomeTotals, netCashFlow } from './statements.ts';
import type { Company } from './universe.ts';
import { xmlText } from './xml-text.ts';

/** The root of an Ind-AS 2020 results instance, with the namespaces NSE's files declare. */
const ROOT =
  '<xbrli:xbrl xmlns:in-bse-fin="http://www.bseindia.com/xbrl/fin/2020-03-31/in-bse-fin" xmlns:in-bse-fin-roles="http://www.bseindia.com/xbrl/fin/2020-03-31/in-bse-fin-roles" xmlns:in-bse-fin-ent="http://www.bseindia.com/xbrl/fin/2020-03-31/in-bse-fin/in-bse-fin-ent" xmlns:in-bse-fin-type="http://www.bseindia.com/xbrl/fin/2020-03-31/in-bse-fin-types" xmlns:xbrldt="http://xbrl.org/2005/xbrldt" xmlns:nonnum="http://www.xbrl.org/dtr/type/non-numeric" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:net="http://www.xbrl.org/2009/role/net" xmlns:num="http://www.xbrl.org/dtr/type/numeric" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:negated="http://www.xbrl.org/2009/role/negated" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xl="http://www.xbrl.org/2003/XLink">';
const UNITS =
  '<xbrli:unit id="INR"><xbrli:measure>iso4217:INR</xbrli:measure></xbrli:unit><xbrli:unit id="pure"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit><xbrli:unit id="shares"><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unit><xbrli:unit id="INRPerShare"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:INR</xbrli:measure></xbrli:unitNumerator><xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>';
const REPORTING_QUARTER = ['First quarter', 'Second quarter', 'Third quarter', 'Yearly'] as const;

/** What the filing says about its own circumstances. */
export interface XbrlFilingMeta {
  /** The board meeting that approved the results, IST date. */
  readonly boardDate: string;
}

/**
 * Writes facts in NSE's way: money in full rupees with two zero decimals and `decimals`
 * saying the rounding (-7 crore, -5 lakh), so every value is exact at its stated precision;
 * per-share amounts with unit INRPerShare and decimals INF.
 */
function factWriter(statements: FilingStatements) {
  const power = statements.unitPower;
  const decimals = `-${power}`;
  const lines: string[] = [];
  const rupees = (units: number) => (units === 0 ? '0.00' : `${units}${'0'.repeat(power)}.00`);
  return {
    lines,
    text: (name: string, context: string, value: string) =>
      lines.push(`<in-bse-fin:${name} contextRef="${context}">${xmlText(value)}</in-bse-fin:${name}>`),
    money: (name: string, context: string, units: number) =>
      lines.push(`<in-bse-fin:${name} contextRef="${context}" unitRef="INR" decimals="${decimals}">${rupees(units)}</in-bse-fin:${name}>`),
    perShare: (name: string, context: string, value: string) =>
      lines.push(`<in-bse-fin:${name} contextRef="${context}" unitRef="INRPerShare" decimals="INF">${value}</in-bse-fin:${name}>`),
  };
}
type Writer = ReturnType<typeof factWriter>;

function context(id: string, symbol: string, period: string): string {
  return `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.nseindia.com/NSESymbol">${symbol}</xbrli:identifier></xbrli:entity><xbrli:period>${period}</xbrli:period></xbrli:context>`;
}

function columnHeader(w: Writer, s: FilingStatements, id: string, column: FlowColumn<IncomeLines>): void {
  w.text('IsCompanyReportingMultisegmentOrSingleSegment', id, 'Single segment');
  w.text('DateOfStartOfReportingPeriod', id, column.start);
  w.text('DateOfEndOfReportingPeriod', id, column.end);
  w.text('WhetherResultsAreAuditedOrUnaudited', id, s.fq.quarter === 4 ? 'Audited' : 'Unaudited');
  w.text('NatureOfReportStandaloneConsolidated', id, s.basis === 'consolidated' ? 'Consolidated' : 'Standalone');
}

function incomeColumn(w: Writer, s: FilingStatements, id: string, column: FlowColumn<IncomeLines>): void {
  const l = column.lines;
  const t = incomeTotals(l);
  const eps = earningsPerShare(s, l);
  const items: Array<[string, number]> = [
    ['RevenueFromOperations', l.revenue],
    ['OtherIncome', l.otherIncome],
    ['Income', t.totalIncome],
    ['CostOfMaterialsConsumed', l.costOfMaterials],
    ['PurchasesOfStockInTrade', l.purchases],
    ['ChangesInInventoriesOfFinishedGoodsWorkInProgressAndStockInTrade', l.changesInInventories],
    ['EmployeeBenefitExpense', l.employeeBenefits],
    ['FinanceCosts', l.financeCosts],
    ['DepreciationDepletionAndAmortisationExpense', l.depreciation],
    ['OtherExpenses', l.otherExpenses],
    ['Expenses', t.totalExpenses],
    ['ProfitBeforeExceptionalItemsAndTax', t.profitBeforeExceptional],
    ['ExceptionalItemsBeforeTax', l.exceptionalItems],
    ['ProfitBeforeTax', t.profitBeforeTax],
    ['CurrentTax', l.currentTax],
    ['DeferredTax', l.deferredTax],
    ['TaxExpense', t.taxExpense],
    ['ProfitLossForPeriodFromContinuingOperations', t.profitAfterTax],
    ['ProfitLossFromDiscontinuedOperationsAfterTax', 0],
    ['ProfitLossForPeriod', t.profitAfterTax],
    ['OtherComprehensiveIncomeNetOfTaxes', l.otherComprehensiveIncome],
    ['ComprehensiveIncomeForThePeriod', t.totalComprehensiveIncome],
  ];
  if (s.basis === 'consolidated') {
    items.push(
      ['ProfitOrLossAttributableToOwnersOfParent', t.profitAfterTax],
      ['ProfitOrLossAttributableToNonControllingInterests', 0],
      ['ComprehensiveIncomeForThePeriodAttributableToOwnersOfParent', t.totalComprehensiveIncome],
      ['ComprehensiveIncomeForThePeriodAttributableToOwnersOfParentNonControllingInterests', 0],
    );
  }
  items.push(['PaidUpValueOfEquityShareCapital', s.shareCapital]);
  for (const [name, units] of items) w.money(name, id, units);
  w.perShare('FaceValueOfEquityShareCapital', id, String(s.faceValue));
  const basic = fixedHundredthsText(eps.basic);
  const diluted = fixedHundredthsText(eps.diluted);
  w.perShare('BasicEarningsLossPerShareFromContinuingOperations', id, basic);
  w.perShare('DilutedEarningsLossPerShareFromContinuingOperations', id, diluted);
  w.perShare('BasicEarningsLossPerShareFromContinuingAndDiscontinuedOperations', id, basic);
  w.perShare('DilutedEarningsLossPerShareFromContinuingAndDiscontinuedOperations', id, diluted);
}

function balanceSheet(w: Writer, s: FilingStatements): void {
  const b = s.balance;
  if (!b) return;
  const t = balanceTotals(b);
  const consolidated = s.basis === 'consolidated';
  const items: Array<[string, number] | null> = [
    ['PropertyPlantAndEquipment', b.propertyPlantAndEquipment],
    consolidated ? ['Goodwill', b.goodwill] : null,
    ['TradeReceivablesNoncurrent', b.receivablesNoncurrent],
    ['OtherNoncurrentAssets', b.otherNoncurrentAssets],
    ['NoncurrentAssets', t.noncurrentAssets],
    ['Inventories', b.inventories],
    ['TradeReceivablesCurrent', b.receivablesCurrent],
    ['CashAndCashEquivalents', b.cash],
    ['OtherCurrentAssets', b.otherCurrentAssets],
    ['CurrentAssets', t.currentAssets],
    ['Assets', t.totalAssets],
    ['EquityShareCapital', b.shareCapital],
    ['OtherEquity', b.otherEquity],
    consolidated ? ['EquityAttributableToOwnersOfParent', t.totalEquity] : null,
    consolidated ? ['NonControllingInterest', 0] : null,
    ['Equity', t.totalEquity],
    ['BorrowingsNoncurrent', b.borrowingsNoncurrent],
    ['TradePayablesNoncurrent', b.payablesNoncurrent],
    ['OtherNoncurrentLiabilities', b.otherNoncurrentLiabilities],
    ['NoncurrentLiabilities', t.noncurrentLiabilities],
    ['BorrowingsCurrent', b.borrowingsCurrent],
    ['TradePayablesCurrent', b.payablesCurrent],
    ['OtherCurrentLiabilities', b.otherCurrentLiabilities],
    ['CurrentLiabilities', t.currentLiabilities],
    ['Liabilities', t.totalLiabilities],
    ['EquityAndLiabilities', t.totalEquity + t.totalLiabilities],
  ];
  for (const item of items) if (item) w.money(item[0], 'OneI', item[1]);
}

function cashFlow(w: Writer, s: FilingStatements): void {
  if (!s.cashFlow || !s.balance) return;
  const c = s.cashFlow.lines;
  const net = netCashFlow(c);
  w.money('CashFlowsFromUsedInOperatingActivities', 'FourD', c.operating);
  w.money('CashFlowsFromUsedInInvestingActivities', 'FourD', c.investing);
  w.money('CashFlowsFromUsedInFinancingActivities', 'FourD', c.financing);
  w.money('IncreaseDecreaseInCashAndCashEquivalentsBeforeEffectOfExchangeRateChanges', 'FourD', net);
  w.money('EffectOfExchangeRateChangesOnCashAndCashEquivalents', 'FourD', 0);
  w.money('IncreaseDecreaseInCashAndCashEquivalents', 'FourD', net);
  w.money('CashAndCashEquivalentsCashFlowStatement', 'FourD', s.balance.cash);
}

/**
 * A results filing in NSE's Ind-AS 2020 layout (entry point Ind-AS_entry_point_2020-03-31.xsd):
 * `OneD` the quarter; `FourD` the year to date, whose context repeats the quarter's dates as
 * NSE's files do, its real period given by DateOfStart/EndOfReportingPeriod facts on it;
 * `OneI` the balance sheet at the quarter's end. A first quarter files OneD only; the second
 * and fourth add the balance sheet and the cash flow (on FourD, year to date).
 */
export function writeResultsXbrl(company: Company, s: FilingStatements, meta: XbrlFilingMeta): Uint8Array {
  const { fq } = s;
  const w = factWriter(s);
  const quarterPeriod = `<xbrli:startDate>${fq.start}</xbrli:startDate><xbrli:endDate>${fq.end}</xbrli:endDate>`;
  const contexts = [context('OneD', company.symbol, quarterPeriod)];
  if (s.yearToDate) contexts.push(context('FourD', company.symbol, quarterPeriod));
  if (s.balance) contexts.push(context('OneI', company.symbol, `<xbrli:instant>${fq.end}</xbrli:instant>`));

  const intimation = new Date(Date.parse(meta.boardDate) - 7 * 86_400_000).toISOString().slice(0, 10);
  const header: Array<[string, string]> = [
    ['ScripCode', company.bseCode],
    ['Symbol', company.symbol],
    ['MSEISymbol', 'NOTLISTED'],
    ['NameOfTheCompany', company.name],
    ['ClassOfSecurity', 'Equity'],
    ['DateOfStartOfFinancialYear', fq.yearStart],
    ['DateOfEndOfFinancialYear', fq.yearEnd],
    ['DateOfBoardMeetingWhenFinancialResultsWereApproved', meta.boardDate],
    ['DateOnWhichPriorIntimationOfTheMeetingForConsideringFinancialResultsWasInformedToTheExchange', intimation],
    ['DescriptionOfPresentationCurrency', 'INR'],
    ['LevelOfRoundingUsedInFinancialStatements', company.rounding === 'crore' ? 'Crores' : 'Lakhs'],
    ['ReportingQuarter', REPORTING_QUARTER[fq.quarter - 1] ?? 'Yearly'],
    ['DateOfStartOfBoardMeeting', meta.boardDate],
    ['DateOfEndOfBoardMeeting', meta.boardDate],
    [
      'DeclarationOfUnmodifiedOpinionOrStatementOnImpactOfAuditQualification',
      fq.quarter === 4 ? 'Declaration of unmodified opinion' : 'Not applicable',
    ],
  ];
  for (const [name, value] of header) w.text(name, 'OneD', value);
  columnHeader(w, s, 'OneD', s.quarter);
  incomeColumn(w, s, 'OneD', s.quarter);
  if (s.yearToDate) {
    columnHeader(w, s, 'FourD', s.yearToDate);
    incomeColumn(w, s, 'FourD', s.yearToDate);
  }
  balanceSheet(w, s);
  cashFlow(w, s);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    ROOT,
    '<link:schemaRef xlink:type="simple" xlink:href="Ind-AS_entry_point_2020-03-31.xsd"/>',
    ...contexts,
    UNITS,
    ...w.lines,
    '</xbrli:xbrl>',
    '',
  ].join('\n');
  return new TextEncoder().encode(xml);
}
