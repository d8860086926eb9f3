import type { DomainEvent } from './catalogue.ts';

/**
 * Stream names: `<category>-<natural key>`. A stream holds the history of one thing;
 * appends to one stream are ordered by its version.
 */
export const streams = {
  company: (companyId: string) => `company-${companyId}`,
  instrument: (instrumentId: string) => `instrument-${instrumentId}`,
  document: (sha256: string) => `document-${sha256}`,
  filing: (filingId: string) => `filing-${filingId}`,
  corporateAction: (actionId: string) => `corporate_action-${actionId}`,
  disclosure: (disclosureId: string) => `disclosure-${disclosureId}`,
  prices: (exchange: string, interval: string, sourceSha256: string) => `prices-${exchange}-${interval}-${sourceSha256}`,
  symbols: (exchange: string, sourceSha256: string) => `symbols-${exchange}-${sourceSha256}`,
} as const;

/** The stream each domain event belongs to. */
export function streamFor(event: DomainEvent & { metadata: { sourceSha256: string | null } }): string {
  switch (event.type) {
    case 'CompanyRegistered':
    case 'CompanyUpdated':
      return streams.company(event.data.companyId);
    case 'InstrumentListed':
    case 'InstrumentStatusChanged':
      return streams.instrument(event.data.instrumentId);
    case 'DocumentReceived':
    case 'DocumentDisseminated':
    case 'DocumentRejected':
    case 'DocumentParsed':
    case 'DocumentTextExtracted':
      return streams.document(event.data.documentId);
    case 'FinancialsReported':
    case 'ShareholdingReported':
      return streams.filing(event.data.filingId);
    case 'CorporateActionAnnounced':
      return streams.corporateAction(event.data.actionId);
    case 'DisclosurePublished':
      return streams.disclosure(event.data.disclosureId);
    case 'PricesRecorded':
      return streams.prices(event.data.exchange, event.data.interval, event.metadata.sourceSha256 ?? 'no-source');
    case 'QuotesRecorded':
      return streams.prices(event.data.exchange, 'quote', event.metadata.sourceSha256 ?? 'no-source');
    case 'SymbolsObserved':
      return streams.symbols(event.data.exchange, event.metadata.sourceSha256 ?? 'no-source');
  }
}
