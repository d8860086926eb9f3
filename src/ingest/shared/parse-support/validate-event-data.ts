import type { KnownAtBasis } from '#schemas/common';
import { DOMAIN_EVENTS, type DomainEvent, type DomainEventData, type DomainEventType } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { EventEmitter } from '#ingest/shared/parser';

export type ValidatedData<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly message: string };

/**
 * Checks an event's data against its schema before it is emitted. The store rejects a whole
 * document when one event fails its schema, so a parser checks each row's events itself and
 * turns a failure (a symbol longer than NSE allows, say) into a problem for that row alone.
 * The parsed value also carries the schema's branded types (Isin, NseSymbol, ...).
 */
export function validateEventData<T extends DomainEventType>(type: T, data: unknown): ValidatedData<DomainEventData<T>> {
  const result = DOMAIN_EVENTS[type].schema.safeParse(data);
  if (result.success) return { ok: true, data: result.data as DomainEventData<T> };
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`);
  return { ok: false, message: `${type} would be invalid: ${issues.join('; ')}` };
}

/** Validates an event's data and emits it, or says why it cannot be emitted. */
export function emitChecked<T extends DomainEventType>(
  emitter: EventEmitter,
  type: T,
  data: unknown,
  naturalKey: string,
  knownAt?: string | null,
  knownAtBasis?: KnownAtBasis,
): { readonly ok: true; readonly event: NewEvent<DomainEvent> } | { readonly ok: false; readonly message: string } {
  const checked = validateEventData(type, data);
  return checked.ok ? { ok: true, event: emitter.emit(type, checked.data, naturalKey, knownAt, knownAtBasis) } : checked;
}
