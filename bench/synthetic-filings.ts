import {
  BALANCE_SHEET_CONCEPTS,
  CASH_FLOW_CONCEPTS,
  INCOME_STATEMENT_CONCEPTS,
  type Period,
  type Basis,
  type Isin,
  IsinSchema,
} from '#schemas/common';
import type { DomainEvent, ReportedFact } from '#schemas/events';
import { deterministicEventId, deterministicId } from '#platform/event-id';
import { syntheticEquityIsin } from '../tools/generate/isin.ts';
import { companyIdOfIsin } from '#domain/identity';
import type { NewEvent } from '#platform/event-store';

export interface SyntheticShape {
  readonly companies: number;
  readonly quarters: number;
  readonly factsPerFiling: number;
  /** Share of filings re-filed later with changed values (restatements). */
  readonly revisionRate: number;
  /** Whether each fourth-quarter filing also reports the fiscal year (annual income and cash-flow figures), which screens read. */
  readonly annual?: boolean;
}

const CONCEPTS = [...INCOME_STATEMENT_CONCEPTS, ...CASH_FLOW_CONCEPTS, ...BALANCE_SHEET_CONCEPTS];
const BASES: readonly Basis[] = ['consolidated', 'standalone'];
const FIRST_FISCAL_YEAR = 2015;

function quarterPeriod(index: number): Period {
  const fiscalYear = FIRST_FISCAL_YEAR + Math.floor(index / 4);
  const quarter = (index % 4) + 1;
  const startMonth = ((quarter - 1) * 3 + 3) % 12; // April = 3 (0-based)
  const startYear = quarter === 4 ? fiscalYear : fiscalYear - 1;
  const start = new Date(Date.UTC(startYear, startMonth, 1));
  const end = new Date(Date.UTC(startYear, startMonth + 3, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { type: 'quarterly', start: iso(start), end: iso(end), fiscalYear, fiscalQuarter: quarter };
}

/** The equity ISIN of synthetic company c: an issuer code no real company uses, so the security master anchors it. */
export const syntheticIsin = (c: number): Isin => IsinSchema.parse(syntheticEquityIsin(c));

/** Its company id: the id of its ISIN's issuer, as the security master gives it. */
export const syntheticCompanyId = (c: number): string => {
  const id = companyIdOfIsin(syntheticIsin(c));
  if (!id) throw new Error(`no company id for synthetic company ${c}`);
  return id;
};

/** Deterministic pseudo-random value in paise-exact rupees, so runs are comparable. */
function value(c: number, q: number, f: number, revision: number): string {
  const base = ((c * 7919 + q * 104_729 + f * 1_299_709) % 9_999_991) * 1000 + revision * 17;
  return `${base}.${String((c + f) % 100).padStart(2, '0')}`;
}

function facts(c: number, q: number, count: number, revision: number): ReportedFact[] {
  const period = quarterPeriod(q);
  return Array.from({ length: count }, (_, f) => {
    const concept = CONCEPTS[f % CONCEPTS.length] as ReportedFact['concept'];
    const basis = BASES[Math.floor(f / CONCEPTS.length) % BASES.length] as Basis;
    // Beyond two bases' worth of concepts, repeat on earlier quarter-ends as instants.
    const round = Math.floor(f / (CONCEPTS.length * BASES.length));
    const quarter = round === 0 ? period : quarterPeriod(Math.max(0, q - round));
    const isInstant = (BALANCE_SHEET_CONCEPTS as readonly string[]).includes(concept);
    const factPeriod: Period = isInstant ? { ...quarter, type: 'instant', start: null } : quarter;
    return { concept, basis, period: factPeriod, value: value(c, q, f, revision), unit: 'INR', decimals: -5, scale: 'lakh', element: null };
  });
}

/** The fiscal year a fourth quarter closes: its income and cash-flow concepts, consolidated, over the whole year. */
function annualFacts(c: number, q: number, revision: number): ReportedFact[] {
  const period = quarterPeriod(q);
  const year: Period = {
    type: 'annual',
    start: `${period.fiscalYear - 1}-04-01`,
    end: period.end,
    fiscalYear: period.fiscalYear,
    fiscalQuarter: null,
  };
  return [...INCOME_STATEMENT_CONCEPTS, ...CASH_FLOW_CONCEPTS].map((concept, f) => ({
    concept,
    basis: 'consolidated',
    period: year,
    value: value(c, q, 1000 + f, revision),
    unit: 'INR',
    decimals: -5,
    scale: 'lakh',
    element: null,
  }));
}

/** One company's filing for one quarter, or its revision; disseminated ~45 days after quarter end. */
export function syntheticFiling(
  shape: SyntheticShape,
  c: number,
  q: number,
  revision = 0,
): NewEvent<DomainEvent> & { type: 'FinancialsReported' } {
  const period = quarterPeriod(q);
  const knownAt = new Date(Date.parse(period.end) + (45 + revision * 30) * 86_400_000 + c * 1000).toISOString();
  const filingId = deterministicId('bench-filing', `${c}:${q}:${revision}`);
  const sha = filingId.replace(/-/g, '').padEnd(64, '0');
  return {
    id: deterministicEventId(sha, 'financials'),
    type: 'FinancialsReported',
    data: {
      filingId,
      companyId: syntheticCompanyId(c),
      company: { name: `Synthetic Company ${c}`, nseSymbol: null, bseCode: null, isin: syntheticIsin(c), cin: null },
      documentType: 'financial_results',
      periodEnd: period.end,
      fiscalYearStart: null,
      fiscalYearEnd: null,
      isRevision: revision > 0,
      parserVersion: 1,
      facts: [...facts(c, q, shape.factsPerFiling, revision), ...(shape.annual && q % 4 === 3 ? annualFacts(c, q, revision) : [])],
    },
    metadata: {
      knownAt,
      source: 'synthetic',
      sourceUrl: `https://example.invalid/filings/${filingId}.xml`,
      sourceFile: `${filingId}.xml`,
      sourceSha256: sha,
    },
  };
}

/** Every filing, quarter by quarter, each quarter's revisions of earlier filings after it. */
export function* syntheticFilings(shape: SyntheticShape) {
  const revisionEvery = shape.revisionRate > 0 ? Math.round(1 / shape.revisionRate) : 0;
  for (let q = 0; q < shape.quarters; q++) {
    for (let c = 0; c < shape.companies; c++) yield syntheticFiling(shape, c, q);
    if (q === 0 || revisionEvery === 0) continue;
    for (let c = 0; c < shape.companies; c++) {
      if ((c + q) % revisionEvery === 0) yield syntheticFiling(shape, c, q - 1, 1);
    }
  }
}
