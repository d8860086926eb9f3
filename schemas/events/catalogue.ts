import { z } from 'zod';
import { CompanyRegisteredSchema, CompanyUpdatedSchema } from './company.ts';
import { CorporateActionAnnouncedSchema } from './corporate-action.ts';
import { DisclosurePublishedSchema } from './disclosure.ts';
import { DocumentDisseminatedSchema, DocumentParsedSchema, DocumentReceivedSchema, DocumentRejectedSchema } from './document.ts';
import { DocumentTextExtractedSchema } from './document-text.ts';
import type { EventCatalogue } from './event-definition.ts';
import { FinancialsReportedSchema } from './financials.ts';
import { InstrumentListedSchema, InstrumentStatusChangedSchema } from './instrument.ts';
import { PricesRecordedSchema, PricesRecordedV1Schema, QuotesRecordedSchema, upcastPricesRecordedV1 } from './prices.ts';
import { ShareholdingReportedSchema } from './shareholding.ts';
import { SymbolsObservedSchema } from './symbols.ts';

/** Every domain event type, its current schema version and its payload schema. */
export const DOMAIN_EVENTS = {
  CompanyRegistered: { schemaVersion: 1, schema: CompanyRegisteredSchema },
  CompanyUpdated: { schemaVersion: 1, schema: CompanyUpdatedSchema },
  InstrumentListed: { schemaVersion: 1, schema: InstrumentListedSchema },
  InstrumentStatusChanged: { schemaVersion: 1, schema: InstrumentStatusChangedSchema },
  DocumentReceived: { schemaVersion: 1, schema: DocumentReceivedSchema },
  DocumentDisseminated: { schemaVersion: 1, schema: DocumentDisseminatedSchema },
  DocumentRejected: { schemaVersion: 1, schema: DocumentRejectedSchema },
  DocumentParsed: { schemaVersion: 1, schema: DocumentParsedSchema },
  DocumentTextExtracted: { schemaVersion: 1, schema: DocumentTextExtractedSchema },
  FinancialsReported: { schemaVersion: 1, schema: FinancialsReportedSchema },
  ShareholdingReported: { schemaVersion: 1, schema: ShareholdingReportedSchema },
  CorporateActionAnnounced: { schemaVersion: 1, schema: CorporateActionAnnouncedSchema },
  DisclosurePublished: { schemaVersion: 1, schema: DisclosurePublishedSchema },
  PricesRecorded: {
    schemaVersion: 2,
    schema: PricesRecordedSchema,
    upcasters: { 1: upcastPricesRecordedV1 },
    earlierSchemas: { 1: PricesRecordedV1Schema },
  },
  QuotesRecorded: { schemaVersion: 1, schema: QuotesRecordedSchema },
  SymbolsObserved: { schemaVersion: 1, schema: SymbolsObservedSchema },
} as const satisfies EventCatalogue;

export type DomainEventType = keyof typeof DOMAIN_EVENTS;
export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENTS) as DomainEventType[];

export type DomainEventData<T extends DomainEventType> = z.infer<(typeof DOMAIN_EVENTS)[T]['schema']>;

/** A domain event as a tagged union of `{ type, data }`. */
export type DomainEvent = { [T in DomainEventType]: { type: T; data: DomainEventData<T> } }[DomainEventType];

/** The same union as a schema, for validation and the generated event catalogue. */
export const DomainEventSchema = z.discriminatedUnion(
  'type',
  DOMAIN_EVENT_TYPES.map((type) => z.object({ type: z.literal(type), data: DOMAIN_EVENTS[type].schema }).strict()) as unknown as [
    z.ZodObject,
    ...z.ZodObject[],
  ],
);
