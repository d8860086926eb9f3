import type { KnownAtBasis } from '#schemas/common';
import type { DomainEvent, DomainEventData, DomainEventType } from '#schemas/events';
import { deterministicEventId } from '#platform/event-id';
import type { NewEvent } from '#platform/event-store';
import type { ParseInput } from './parser.ts';

export interface EmitterOptions {
  readonly format: string;
  readonly parserVersion: number;
  /** Publisher of the content: nse, bse, niftyindices, generated, ... */
  readonly source: string;
}

/**
 * Builds a parser's events with deterministic ids (the document's hash and context, the
 * parser's format and version, and the item's natural key) and full provenance. Re-parsing the same
 * bytes with the same parser version yields the same ids, so nothing is appended twice; a
 * new parser version yields new events that supersede the old parse.
 */
export function createEventEmitter(input: ParseInput, options: EmitterOptions) {
  const metadata = (knownAt: string | null | undefined, basis: KnownAtBasis | undefined) => ({
    knownAt: knownAt ?? input.knownAt ?? input.receivedAt,
    ...(basis ? { knownAtBasis: basis } : {}),
    source: options.source,
    sourceUrl: input.sourceUrl,
    sourceFile: input.fileName,
    sourceSha256: input.sha256,
  });
  // A parse with new context is a new parse: its events must not be mistaken for the old ones.
  const context = input.contextKey ? `@${input.contextKey}` : '';
  return {
    /** The id for an entity named by this document (a filing, an action, a disclosure). */
    idFor: (naturalKey: string) => deterministicEventId(input.sha256, `entity:${options.format}:${naturalKey}`),
    emit<T extends DomainEventType>(
      type: T,
      data: DomainEventData<T>,
      naturalKey: string,
      knownAt?: string | null,
      /** Where `knownAt` comes from, when the parser says (see KnownAtBasisSchema). */
      knownAtBasis?: KnownAtBasis,
    ): NewEvent<DomainEvent> {
      return {
        id: deterministicEventId(input.sha256, `${options.format}:v${options.parserVersion}${context}:${type}:${naturalKey}`),
        type,
        data,
        metadata: metadata(knownAt, knownAtBasis),
      } as NewEvent<DomainEvent>;
    },
  };
}
export type EventEmitter = ReturnType<typeof createEventEmitter>;
