import type { z } from 'zod';

/** Turns the payload of schema version N into the payload of version N + 1. */
export type Upcaster = (data: unknown) => unknown;

/**
 * One event type: its current schema version and payload schema, and the upcasters that
 * lift every older stored version to the current one. Published schemas are never edited:
 * a breaking change adds `schemaVersion + 1` and an upcaster from the previous version.
 */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  readonly schemaVersion: number;
  readonly schema: S;
  /** Keyed by the version they upcast from. */
  readonly upcasters?: Readonly<Record<number, Upcaster>>;
  /**
   * The payload schemas of earlier versions, keyed by version: what stores written then hold.
   * Only documented (the generated event catalogue); stored events are read through the upcasters.
   */
  readonly earlierSchemas?: Readonly<Record<number, z.ZodType>>;
}

export type EventCatalogue = Readonly<Record<string, EventDefinition>>;
