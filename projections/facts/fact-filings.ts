import type { FinancialsReported } from '#schemas/events';
import type { StoredEvent } from '#platform/event-store';
import { companyIdOfFiling } from '#domain/identity';
import { type StatedIdentityRow, statedIdentityRow } from '#projections/companies';
import { type SourceFileRow, sourceFileRow } from '#projections/shared';

export type FinancialsEvent = StoredEvent<{ type: 'FinancialsReported'; data: FinancialsReported }>;

export interface FactFilingRow extends SourceFileRow, StatedIdentityRow {
  readonly filing_id: string;
  readonly company_id: string;
  readonly document_type: string;
  readonly period_end: string;
  readonly is_revision: boolean;
  readonly parser_version: number;
  readonly event_id: string;
  /** The fiscal year the filing states (DateOfStart/EndOfFinancialYear as the parser resolved them). */
  readonly fiscal_year_start: string | null;
  readonly fiscal_year_end: string | null;
}

export function toFactFilingRow(event: FinancialsEvent): FactFilingRow {
  const { data, metadata } = event;
  return {
    filing_id: data.filingId,
    company_id: companyIdOfFiling(data),
    document_type: data.documentType,
    period_end: data.periodEnd,
    is_revision: data.isRevision,
    ...sourceFileRow(metadata),
    parser_version: data.parserVersion,
    event_id: event.id,
    fiscal_year_start: data.fiscalYearStart,
    fiscal_year_end: data.fiscalYearEnd,
    ...statedIdentityRow(data.company),
  };
}
