import { z } from 'zod';
import type { EventCatalogue } from '#schemas/events/event-definition';
import type { EventMetadata } from '#schemas/events/metadata';

/**
 * A small catalogue for the event-store contract: `ItemAdded` is at schema version 2
 * (`name` was split into `title` and `quantity`), so version-1 rows exercise upcasting.
 */
export const ItemAddedV1Schema = z.object({ name: z.string() }).strict();
export const ItemAddedSchema = z.object({ title: z.string(), quantity: z.number().int() }).strict();
export const ItemRemovedSchema = z.object({ title: z.string() }).strict();

export const TEST_EVENTS = {
  ItemAdded: {
    schemaVersion: 2,
    schema: ItemAddedSchema,
    upcasters: {
      1: (data: unknown) => ({ title: ItemAddedV1Schema.parse(data).name, quantity: 1 }),
    },
  },
  ItemRemoved: { schemaVersion: 1, schema: ItemRemovedSchema },
} as const satisfies EventCatalogue;

export type TestEvent =
  { type: 'ItemAdded'; data: z.infer<typeof ItemAddedSchema> } | { type: 'ItemRemoved'; data: z.infer<typeof ItemRemovedSchema> };

export function testMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    knownAt: '2024-05-12T10:30:00.000Z',
    source: 'test',
    sourceUrl: 'https://example.test/doc.xml',
    sourceFile: 'doc.xml',
    sourceSha256: 'a'.repeat(64),
    ...overrides,
  };
}
