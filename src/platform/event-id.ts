import { v5 as uuidv5 } from 'uuid';

// Fixed namespace for this service's deterministic ids. Changing it would change every id.
const EVENT_ID_NAMESPACE = '6f1c2a52-5d0e-4b8e-9a51-3c1b7f0e2d44';

/**
 * The id of the event that carries one item of one source document: UUIDv5 over the
 * document's content hash and the item's natural key. Ingesting the same document twice
 * yields the same ids, and the store appends them once.
 */
export function deterministicEventId(sourceSha256: string, naturalKey: string): string {
  return uuidv5(`${sourceSha256}\u0000${naturalKey}`, EVENT_ID_NAMESPACE);
}

/** A deterministic id for an entity named by a scheme and a key, e.g. a filing. */
export function deterministicId(scheme: string, key: string): string {
  return uuidv5(`${scheme}\u0000${key}`, EVENT_ID_NAMESPACE);
}
