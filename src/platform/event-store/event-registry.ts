import type { EventCatalogue } from '#schemas/events';
import { EventValidationError } from '#platform/errors';

/** What the store needs to know about event types: validation and upcasting. */
export interface EventRegistry {
  /** The current schema version, or undefined for an unknown type. */
  schemaVersion(type: string): number | undefined;
  /** Validates a payload against the current schema; throws EventValidationError. */
  parse(type: string, data: unknown): unknown;
  /** Lifts a stored payload of `fromVersion` to the current version. */
  upcast(type: string, fromVersion: number, data: unknown): unknown;
}

export function buildEventRegistry(catalogue: EventCatalogue): EventRegistry {
  return {
    schemaVersion: (type) => catalogue[type]?.schemaVersion,
    parse(type, data) {
      const definition = catalogue[type];
      if (!definition) throw new EventValidationError(type, [`unknown event type ${type}`]);
      const result = definition.schema.safeParse(data);
      if (!result.success) {
        throw new EventValidationError(
          type,
          result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
        );
      }
      return result.data;
    },
    upcast(type, fromVersion, data) {
      const definition = catalogue[type];
      if (!definition) return data;
      let current = data;
      for (let version = fromVersion; version < definition.schemaVersion; version++) {
        const upcaster = definition.upcasters?.[version];
        if (!upcaster) {
          throw new EventValidationError(type, [`no upcaster from schema version ${version}`]);
        }
        current = upcaster(current);
      }
      return current;
    },
  };
}
