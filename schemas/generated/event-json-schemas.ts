import { z } from 'zod';
import { DOMAIN_EVENTS, DOMAIN_EVENT_TYPES, type EventDefinition, EventMetadataSchema } from '#schemas/events';

/**
 * The event catalogue as JSON Schema documents, one per event type and schema version (the
 * current one, and the earlier ones stores may still hold), plus the metadata every event
 * carries. Written to schemas/generated/events/ by `npm run gen`; a test fails when the
 * committed files drift from the zod schemas.
 */
export function eventJsonSchemas(): Record<string, string> {
  const files: Record<string, string> = {};
  const render = (schema: z.ZodType, title: string) =>
    `${JSON.stringify({ title, ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) }, null, 2)}\n`;
  for (const type of DOMAIN_EVENT_TYPES) {
    const definition: EventDefinition = DOMAIN_EVENTS[type];
    const earlier = Object.entries(definition.earlierSchemas ?? {}).map(([version, schema]) => [Number(version), schema] as const);
    for (const [version, schema] of [...earlier, [definition.schemaVersion, definition.schema] as const]) {
      files[`${type}.v${version}.schema.json`] = render(schema, `${type} (schema version ${version})`);
    }
  }
  files['EventMetadata.schema.json'] = render(EventMetadataSchema, 'Event metadata');
  return files;
}
