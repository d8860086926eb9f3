import type { XbrlFact, XbrlInstance } from '#ingest/shared/xbrl';
import { lookupTable } from '#platform/lookup-table';

/** What the filing says about itself (the facts on its `OneD` context). */
export interface FilingHeader {
  readonly symbol: string | null;
  /** The `ISIN` the filing states (banking and NBFC taxonomies since 2019; most filings have none). */
  readonly isin: string | null;
  readonly scripCode: string | null;
  readonly name: string | null;
  readonly fiscalYearStart: string | null;
  readonly fiscalYearEnd: string | null;
  readonly basis: 'consolidated' | 'standalone' | null;
  /** `LevelOfRoundingUsedInFinancialStatements`, as a scale word: crore, lakh, million, thousand, unit. */
  readonly rounding: string | null;
  /** `DateOfStartOfReportingPeriod` / `DateOfEndOfReportingPeriod` per context: the real period of each column. */
  readonly reportingPeriods: ReadonlyMap<string, { start: string | null; end: string | null }>;
}

const ROUNDING: ReadonlyArray<readonly [RegExp, string]> = [
  [/^crore/i, 'crore'],
  [/^lakh|^lac/i, 'lakh'],
  [/^million/i, 'million'],
  [/^billion/i, 'billion'],
  [/^thousand/i, 'thousand'],
  [/^(actual|unit|rupee)/i, 'unit'],
];

const BASIS: Readonly<Record<string, FilingHeader['basis']>> = lookupTable({ standalone: 'standalone', consolidated: 'consolidated' });

/** The filing's descriptive facts, preferring the quarter's context where a fact is repeated. */
export function readFilingHeader(instance: XbrlInstance): FilingHeader {
  const first = new Map<string, XbrlFact>();
  const periods = new Map<string, { start: string | null; end: string | null }>();
  for (const fact of instance.facts) {
    if (fact.name === 'DateOfStartOfReportingPeriod' || fact.name === 'DateOfEndOfReportingPeriod') {
      const period = periods.get(fact.contextRef) ?? { start: null, end: null };
      if (fact.name === 'DateOfStartOfReportingPeriod') period.start ??= fact.text;
      else period.end ??= fact.text;
      periods.set(fact.contextRef, period);
    } else if (!first.has(fact.name) || (fact.contextRef === 'OneD' && first.get(fact.name)?.contextRef !== 'OneD')) {
      first.set(fact.name, fact);
    }
  }
  const text = (...names: string[]) => names.map((name) => first.get(name)?.text || null).find((t) => t !== null) ?? null;
  // The entity identifier is the NSE symbol in the exchange taxonomies, the BSE scrip code in the 2025 integrated filing.
  const entitySymbol = instance.entity && /NSESymbol/i.test(instance.entity.scheme) ? instance.entity.value : null;
  const entityCode = instance.entity && /bseindia/i.test(instance.entity.scheme) ? instance.entity.value : null;
  const rounding = text('LevelOfRoundingUsedInFinancialStatements');
  return {
    symbol: (text('Symbol') ?? entitySymbol)?.toUpperCase() ?? null,
    scripCode: text('ScripCode') ?? entityCode,
    isin: text('ISIN')?.toUpperCase() ?? null,
    name: text('NameOfTheCompany', 'NameOfCompany', 'NameOfBank', 'NameOfTheBank', 'NameOfTheEntity'),
    fiscalYearStart: text('DateOfStartOfFinancialYear'),
    fiscalYearEnd: text('DateOfEndOfFinancialYear'),
    basis: BASIS[text('NatureOfReportStandaloneConsolidated')?.toLowerCase() ?? ''] ?? null,
    rounding: rounding ? (ROUNDING.find(([pattern]) => pattern.test(rounding))?.[1] ?? null) : null,
    reportingPeriods: periods,
  };
}
