import type { FinancialsReported } from '../../schemas/events/financials.ts';
import type { StoredEvent } from '../../src/platform/event-store/event-store.ts';
import { companyIdOfFiling } from '../../src/domain/identity/anchor.ts';

export type FinancialsEvent = StoredEvent<{ type: 'FinancialsReported'; data: FinancialsReported }>;

export interface FactFilingRow {
  readonly filing_id: string;
  readonly company_id: string;
  readonly document_type: string;
  readonly period_end: string;
  readonly is_revision: boolean;
  readonly source_url: string | null;
  readonly source_file: string | null;
  readonly source_sha256: string | null;
  readonly known_at: string;
  readonly recorded_at: string;
  readonly parser_version: number;
  readonly event_id: string;
  readonly reported_name: string | null;
  readonly reported_nse_symbol: string | null;
  readonly reported_bse_code: string | null;
  readonly reported_isin: string | null;
  readonly reported_cin: string | null;
}

export function toFactFilingRow(event: FinancialsEvent): FactFilingRow {
  const { data, metadata } = event;
  return {
    filing_id: data.filingId,
    company_id: companyIdOfFiling(data),
    document_type: data.documentType,
    period_end: data.periodEnd,
    is_revision: data.isRevision,
    source_url: metadata.sourceUrl,
    source_file: metadata.sourceFile,
    source_sha256: metadata.sourceSha256,
    known_at: metadata.knownAt,
    recorded_at: metadata.recordedAt,
    parser_version: data.parserVersion,
    event_id: event.id,
    reported_name: data.company.name,
    reported_nse_symbol: data.company.nseSymbol,
    reported_bse_code: data.company.bseCode,
    reported_isin: data.company.isin,
    reported_cin: data.company.cin,
  };
}
