import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ReportedConcept } from '#schemas/common/concepts';
import type { Period } from '#schemas/common/period';
import type { Basis } from '#schemas/common/primitives';
import type { DomainEvent } from '#schemas/events/catalogue';
import type { CompanyRegistered } from '#schemas/events/company';
import type { FinancialsReported, ReportedFact } from '#schemas/events/financials';
import type { EventMetadata } from '#schemas/events/metadata';
import { CompanyRegisteredSchema } from '#schemas/events/company';
import { deterministicEventId } from '#platform/event-id';
import { syntheticEquityIsin } from '../../tools/generate/isin.ts';
import { companyIdOfIsin } from '#domain/identity/anchor';
import type { NewEvent } from '#platform/event-store/event-store';

export function givenMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    knownAt: '2024-01-01T00:00:00.000Z',
    source: 'test',
    sourceUrl: null,
    sourceFile: null,
    sourceSha256: null,
    ...overrides,
  };
}

/** FY2023 of an April–March company: 1 Apr 2022 to 31 Mar 2023. */
export function annualPeriod(fiscalYear: number): Period {
  return {
    type: 'annual',
    start: `${fiscalYear - 1}-04-01`,
    end: `${fiscalYear}-03-31`,
    fiscalYear,
    fiscalQuarter: null,
  };
}

const QUARTER_ENDS = ['06-30', '09-30', '12-31', '03-31'] as const;
const QUARTER_STARTS = ['04-01', '07-01', '10-01', '01-01'] as const;

/** Q1 FY2024 is Apr–Jun 2023. */
export function quarterPeriod(fiscalYear: number, quarter: 1 | 2 | 3 | 4): Period {
  const calendarYear = quarter === 4 ? fiscalYear : fiscalYear - 1;
  return {
    type: 'quarterly',
    start: `${calendarYear}-${QUARTER_STARTS[quarter - 1]}`,
    end: `${calendarYear}-${QUARTER_ENDS[quarter - 1]}`,
    fiscalYear,
    fiscalQuarter: quarter,
  };
}

export function instantPeriod(fiscalYear: number, quarter: 1 | 2 | 3 | 4): Period {
  return { ...quarterPeriod(fiscalYear, quarter), type: 'instant', start: null };
}

export function givenFact(concept: ReportedConcept, value: string, period: Period, basis: Basis = 'consolidated'): ReportedFact {
  return { concept, basis, period, value, unit: 'INR', decimals: -5, scale: 'lakh', element: null };
}

export interface FilingSpec {
  readonly companyId: string;
  readonly knownAt: string;
  readonly facts: readonly ReportedFact[];
  readonly filingId?: string;
  readonly parserVersion?: number;
  readonly isRevision?: boolean;
  readonly sourceSha256?: string;
}

export function givenFinancialsReported(spec: FilingSpec): NewEvent<DomainEvent> & { data: FinancialsReported } {
  const filingId = spec.filingId ?? randomUUID();
  const sha = spec.sourceSha256 ?? filingId.replace(/-/g, '').padEnd(64, '0');
  const periodEnd =
    spec.facts
      .map((f) => f.period.end)
      .sort()
      .at(-1) ?? '2024-03-31';
  return {
    id: deterministicEventId(sha, `financials:${filingId}:${spec.parserVersion ?? 1}`),
    type: 'FinancialsReported',
    data: {
      filingId,
      companyId: spec.companyId,
      company: { name: 'Test Company Ltd', nseSymbol: null, bseCode: null, isin: null, cin: null },
      documentType: 'financial_results',
      periodEnd,
      fiscalYearStart: null,
      fiscalYearEnd: null,
      isRevision: spec.isRevision ?? false,
      parserVersion: spec.parserVersion ?? 1,
      facts: [...spec.facts],
    },
    metadata: givenMetadata({
      knownAt: spec.knownAt,
      source: 'test',
      sourceUrl: `https://example.test/filings/${filingId}.xml`,
      sourceFile: `${filingId}.xml`,
      sourceSha256: sha,
    }),
  };
}

export function givenCompanyRegistered(
  overrides: Partial<z.input<typeof CompanyRegisteredSchema>> = {},
  knownAt = '2020-01-01T00:00:00.000Z',
): NewEvent<DomainEvent> & { data: CompanyRegistered } {
  // A company is its ISIN's issuer: without one given, a synthetic issuer of its own.
  const isin = overrides.isin === undefined ? syntheticEquityIsin(randomBytes(4).readUInt32BE()) : overrides.isin;
  const data = CompanyRegisteredSchema.parse({
    companyId: (isin && companyIdOfIsin(isin)) ?? randomUUID(),
    name: 'Test Company Ltd',
    cin: null,
    isin,
    nseSymbol: null,
    bseCode: null,
    sector: null,
    industry: null,
    listingStatus: 'listed',
    listingDate: null,
    ...overrides,
  });
  return { id: randomUUID(), type: 'CompanyRegistered', data, metadata: givenMetadata({ knownAt }) };
}

/**
 * An extracted document of ACC published at 2025-02-01T10:00Z (an investor update), whose
 * text the test chooses: e.g. one that reads like instructions, to show it stays data.
 */
export function givenAccDocumentText(spec: { companyId: string | null; title: string; text: string }): NewEvent<DomainEvent> {
  const knownAt = '2025-02-01T10:00:00.000Z';
  return {
    id: randomUUID(),
    type: 'DocumentTextExtracted',
    data: {
      documentId: randomBytes(32).toString('hex'),
      filingId: randomUUID(),
      companyId: spec.companyId,
      company: { name: 'ACC Limited', nseSymbol: 'ACC' as never, bseCode: null, isin: null, cin: null },
      documentType: 'investor_presentation',
      title: spec.title,
      text: spec.text,
      pageCount: 1,
      extractor: 'test',
      publishedAt: knownAt,
      parserVersion: 1,
    },
    metadata: givenMetadata({ knownAt }),
  };
}
