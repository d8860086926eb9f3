// schemas/events: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { DOMAIN_EVENT_TYPES, DOMAIN_EVENTS, type DomainEvent, type DomainEventData, type DomainEventType } from './catalogue.ts';
export type { CompanyUpdated, ListingStatus } from './company.ts';
export type { CorporateActionAnnounced } from './corporate-action.ts';
export type { DisclosurePublished } from './disclosure.ts';
export type { DocumentTextExtracted } from './document-text.ts';
export {
  type DocumentDisseminated,
  type DocumentParsed,
  DocumentParsedSchema,
  type DocumentReceived,
  type DocumentRejected,
  DocumentRejectedSchema,
} from './document.ts';
export type { EventCatalogue, EventDefinition } from './event-definition.ts';
export type { FinancialsReported, ReportedFact } from './financials.ts';
export type { InstrumentListed } from './instrument.ts';
export { type EventMetadata, EventMetadataSchema, type RecordedEventMetadata } from './metadata.ts';
export {
  type Candle,
  CandleSchema,
  PRICE_PART_CANDLES,
  type PricesRecorded,
  type Quote,
  QuoteSchema,
  type QuotesRecorded,
} from './prices.ts';
export type { ReportedIdentity } from './reported-identity.ts';
export type { HolderLine, ShareholdingReported } from './shareholding.ts';
export { streamFor, streams } from './streams.ts';
export type { ObservedSymbol, SymbolsObserved } from './symbols.ts';
