import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema, FilingTypeSchema } from '#schemas/common';
import { ReportedIdentitySchema } from './reported-identity.ts';
import { eventPayload, ParserVersionSchema } from './event-payload.ts';

/**
 * A company disclosure (an exchange announcement). Insider-trading disclosures are kept as
 * documents (`documentType: insider_trading`), never parsed into trade records.
 */
export const DisclosurePublishedSchema = eventPayload(
  {
    disclosureId: UuidSchema,
    companyId: UuidSchema.nullable(),
    company: ReportedIdentitySchema,
    eventType: z.string().min(1).max(60).describe('Normalised event type from the event dictionary'),
    category: z.string().min(1).max(200).nullable().describe('The exchange category exactly as published'),
    subject: z.string().min(1).max(2000),
    body: z.string().max(20000).nullable(),
    documentType: FilingTypeSchema.nullable(),
    attachmentUrl: z.url().nullable(),
    publishedAt: IsoDateTimeSchema,
    parserVersion: ParserVersionSchema,
  },
  'A company disclosure was published by an exchange',
);
export type DisclosurePublished = z.infer<typeof DisclosurePublishedSchema>;
