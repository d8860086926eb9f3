/**
 * Helpers for the parser specs of the reference-data and corporate-action formats; imported
 * only by their *.unit.spec.ts files.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { DomainEventData, DomainEventType } from '#schemas/events/catalogue';
import { domainEventRegistry } from '#platform/event-store/domain-event-store';
import type { ParseInput, ParseOutcome, Parser } from '#ingest/shared/parser/parser';

export type ParsedOutcome = Extract<ParseOutcome, { ok: true }>;

/** The outcome, asserted to be a success. */
export function expectParsed(outcome: ParseOutcome): ParsedOutcome {
  if (!outcome.ok) throw new Error(`expected the file to parse, it was rejected: ${outcome.reason}`);
  return outcome;
}

/** The data of the outcome's events of one type, in order. */
export function dataOf<T extends DomainEventType>(outcome: ParsedOutcome, type: T): DomainEventData<T>[] {
  return outcome.events.filter((event) => event.type === type).map((event) => event.data as DomainEventData<T>);
}

/** Every event passes the validation the event store applies on append. */
export function expectEveryEventValid(outcome: ParsedOutcome): void {
  for (const event of outcome.events) expect(() => domainEventRegistry.parse(event.type, event.data)).not.toThrow();
  expect(new Set(outcome.events.map((event) => event.id)).size).toBe(outcome.events.length);
}

/** Truncations and byte changes of a real file: the parser returns an outcome, never throws. */
export function expectNoThrowOnDamagedBytes(parser: Parser, bytes: Uint8Array, input: (bytes: Uint8Array) => ParseInput): void {
  const damage = fc.record({
    cut: fc.integer({ min: 0, max: bytes.length }),
    edits: fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), { maxLength: 20 }),
  });
  fc.assert(
    fc.property(damage, ({ cut, edits }) => {
      const damaged = bytes.slice(0, cut);
      for (const { at, byte } of edits) if (damaged.length > 0) damaged[at % damaged.length] = byte;
      const outcome = parser.parse(input(damaged));
      expect(typeof outcome.ok).toBe('boolean');
      if (outcome.ok) for (const event of outcome.events) domainEventRegistry.parse(event.type, event.data);
    }),
    { numRuns: 150 },
  );
}
