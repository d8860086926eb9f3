import { z } from 'zod';
import { KnownAtBasisSchema, IsoDateTimeSchema, Sha256HexSchema, UuidSchema } from '#schemas/common';

/**
 * Provenance and knowledge time carried by every event. `knownAt` is when the world could
 * first know the content (the exchange's dissemination time), not when this service saw it.
 */
export const EventMetadataSchema = z
  .object({
    knownAt: IsoDateTimeSchema.describe('When the content was first knowable: the dissemination time'),
    knownAtBasis: KnownAtBasisSchema.optional(),
    source: z.string().min(1).max(60).describe('Where the content came from, e.g. nse, bse, synthetic'),
    sourceUrl: z.url().nullable().describe('URL the source document was published at'),
    sourceFile: z.string().min(1).max(500).nullable().describe('File name of the source document'),
    sourceSha256: Sha256HexSchema.nullable(),
    causationId: UuidSchema.optional().describe('Id of the event or command that caused this event'),
    correlationId: UuidSchema.optional().describe('Id shared by the events of one ingestion run'),
  })
  .strict();
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

/** Metadata as read back from the store: `recordedAt` is when this service appended the event. */
export const RecordedEventMetadataSchema = EventMetadataSchema.extend({
  recordedAt: IsoDateTimeSchema.describe('When this service appended the event (system time)'),
});
export type RecordedEventMetadata = z.infer<typeof RecordedEventMetadataSchema>;
