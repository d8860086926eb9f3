import { z } from 'zod';
import { DOMAIN_EVENTS, DOMAIN_EVENT_TYPES } from '../events/catalogue.ts';
import { EventMetadataSchema } from '../events/metadata.ts';

/**
 * The event catalogue as JSON Schema documents, one per event type and schema version,
 * plus the metadata every event carries. Written to schemas/generated/events/ by
 * `npm run gen`; a test fails when the committed files drift from the zod schemas.
 */
export function eventJsonSchemas(): Record<string, string> {
  const files: Record<string, string> = {};
  const render = (schema: z.ZodType, title: string) =>
    `${JSON.stringify({ title, ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) }, null, 2)}\n`;
  for (const type of DOMAIN_EVENT_TYPES) {
    const { schemaVersion, schema } = DOMAIN_EVENTS[type];
    files[`${type}.v${schemaVersion}.schema.json`] = render(schema, `${type} (schema version ${schemaVersion})`);
  }
  files['EventMetadata.schema.json'] = render(EventMetadataSchema, 'Event metadata');
  return files;
}
