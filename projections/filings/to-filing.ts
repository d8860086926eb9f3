import type { DomainEvent } from '#schemas/events';
import type { StoredEvent } from '#platform/event-store';
import { indianFiscalYearOf } from '#platform/time';
import { companyIdOfFiling, companyIdOfIsin } from '#domain/identity';
import { type StatedIdentityRow, statedIdentityRow } from '#projections/companies';

/** A row of the filings table, derived from one event; pure. */
export interface FilingRow extends StatedIdentityRow {
  readonly filing_id: string;
  readonly company_id: string | null;
  readonly document_type: string | null;
  readonly title: string | null;
  readonly fiscal_year: number | null;
  readonly period_end: string | null;
  readonly is_revision: boolean;
  readonly source_url: string | null;
  readonly document_sha256: string | null;
  readonly source_event: string;
  readonly parser_version: number;
  readonly known_at: string;
  readonly recorded_at: string;
}

type Provenance = Pick<FilingRow, 'source_url' | 'document_sha256' | 'source_event' | 'known_at' | 'recorded_at' | keyof StatedIdentityRow>;

const NO_COMPANY = { name: null, nseSymbol: null, bseCode: null, isin: null, cin: null };

function provenance(event: StoredEvent<DomainEvent>): Provenance {
  const company = 'company' in event.data ? event.data.company : NO_COMPANY;
  return {
    ...statedIdentityRow(company),
    source_url: event.metadata.sourceUrl,
    document_sha256: event.metadata.sourceSha256,
    source_event: event.type,
    known_at: event.metadata.knownAt,
    recorded_at: event.metadata.recordedAt,
  };
}

/** Returns the filing an event describes, or undefined for events that are not filings. */
export function toFiling(event: StoredEvent<DomainEvent>): FilingRow | undefined {
  switch (event.type) {
    case 'FinancialsReported': {
      const d = event.data;
      const fiscalYear = d.fiscalYearEnd
        ? Number(d.fiscalYearEnd.slice(0, 4))
        : (d.facts.find((f) => f.period.end === d.periodEnd)?.period.fiscalYear ?? indianFiscalYearOf(d.periodEnd));
      return {
        ...provenance(event),
        filing_id: d.filingId,
        company_id: companyIdOfFiling(d),
        document_type: d.documentType,
        title: `Financial results for the period ended ${d.periodEnd}${d.isRevision ? ' (revised)' : ''}`,
        fiscal_year: fiscalYear,
        period_end: d.periodEnd,
        is_revision: d.isRevision,
        parser_version: d.parserVersion,
      };
    }
    case 'ShareholdingReported':
      return {
        ...provenance(event),
        filing_id: event.data.filingId,
        company_id: companyIdOfIsin(event.data.company.isin),
        document_type: 'shareholding_pattern',
        title: `Shareholding pattern as of ${event.data.periodEnd}`,
        fiscal_year: indianFiscalYearOf(event.data.periodEnd),
        period_end: event.data.periodEnd,
        is_revision: false,
        parser_version: event.data.parserVersion,
      };
    case 'CorporateActionAnnounced': {
      const date = event.data.exDate ?? event.data.recordDate;
      return {
        ...provenance(event),
        filing_id: event.data.actionId,
        company_id: companyIdOfIsin(event.data.company.isin),
        document_type: event.data.actionType,
        title: event.data.purpose,
        fiscal_year: date ? indianFiscalYearOf(date) : null,
        period_end: null,
        is_revision: false,
        parser_version: event.data.parserVersion,
      };
    }
    case 'DisclosurePublished': {
      const d = event.data;
      if (d.documentType === null && d.attachmentUrl === null) return undefined;
      return {
        ...provenance(event),
        source_url: d.attachmentUrl ?? event.metadata.sourceUrl,
        filing_id: d.disclosureId,
        company_id: companyIdOfIsin(d.company.isin),
        document_type: d.documentType,
        title: d.subject,
        fiscal_year: indianFiscalYearOf(d.publishedAt.slice(0, 10)),
        period_end: null,
        is_revision: false,
        parser_version: d.parserVersion,
      };
    }
    case 'DocumentTextExtracted': {
      const d = event.data;
      // known_at is the event's (stated, else received: ADR 7). The upload time in the file
      // name (publishedAt) is the sender's word: it only labels the fiscal year.
      const published = d.publishedAt ?? event.metadata.knownAt;
      return {
        ...provenance(event),
        filing_id: d.filingId,
        company_id: companyIdOfIsin(d.company.isin),
        document_type: d.documentType,
        title: d.title,
        fiscal_year: indianFiscalYearOf(published.slice(0, 10)),
        period_end: null,
        is_revision: false,
        parser_version: d.parserVersion,
      };
    }
    default:
      return undefined;
  }
}
