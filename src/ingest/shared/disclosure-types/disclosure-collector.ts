import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { EventEmitter, Problem } from '#ingest/shared/parser';
import { emitChecked } from '#ingest/shared/parse-support';

/**
 * Gathers a file's DisclosurePublished events and problems, in file order: a record whose
 * key was read before is reported and read once; a record whose data fails the schema is
 * reported and left out, never the whole file.
 */
export function createDisclosureCollector(emitter: EventEmitter) {
  const events: NewEvent<DomainEvent>[] = [];
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  return {
    events,
    problems,
    /** Whether `key` is new; a repeat is reported as repeating the record first read, `what` saying how (e.g. "word for word"). */
    isFirst(key: string, where: string, what: string): boolean {
      const first = seen.get(key);
      if (first) problems.push({ where, message: `repeats ${first} ${what}: read once` });
      else seen.set(key, where);
      return !first;
    },
    emit(data: unknown, key: string, knownAt: string | null, where: string): void {
      const emitted = emitChecked(emitter, 'DisclosurePublished', data, key, knownAt);
      if (emitted.ok) events.push(emitted.event);
      else problems.push({ where, message: emitted.message });
    },
  };
}
