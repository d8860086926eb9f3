import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_EVENTS, testMetadata } from '../../../../test/support/test-events.ts';
import { prepareEvents } from '../append-to-stream.ts';
import { buildEventRegistry } from '../event-registry.ts';
import { eventTypesPattern, fromKurrentEvent, positionOf, toKurrentEvent, versionOf } from './kurrentdb-events.ts';

const registry = buildEventRegistry(TEST_EVENTS);

describe('KurrentDB event mapping', () => {
  it('writes the validated payload, and the schema version in the metadata', () => {
    const id = randomUUID();
    const [prepared] = prepareEvents(registry, [
      { id, type: 'ItemAdded', data: { title: 'pen\u0000', quantity: 2 }, metadata: testMetadata() },
    ]);
    expect(prepared && toKurrentEvent(prepared)).toEqual({
      id,
      contentType: 'application/json',
      type: 'ItemAdded',
      data: { title: 'pen\uFFFD', quantity: 2 },
      metadata: { ...testMetadata(), schemaVersion: 2 },
    });
  });

  it('reads a recorded event back: version from revision, position from prepare, recordedAt from created, payload upcast', () => {
    const id = randomUUID();
    const event = fromKurrentEvent(registry, {
      id,
      streamId: 'cart-1',
      revision: 0n,
      type: 'ItemAdded',
      created: new Date('2026-01-02T03:04:05.678Z'),
      data: { name: 'quill' },
      metadata: { ...testMetadata(), schemaVersion: 1 },
      position: { commit: 900n, prepare: 850n },
    });
    expect(event).toEqual({
      id,
      type: 'ItemAdded',
      data: { title: 'quill', quantity: 1 },
      schemaVersion: 2,
      streamId: 'cart-1',
      streamVersion: 1,
      position: 850,
      metadata: { ...testMetadata(), recordedAt: '2026-01-02T03:04:05.678Z' },
    });
  });

  it('counts versions from 1 where KurrentDB counts revisions from 0', () => {
    expect([versionOf(0n), versionOf(41n)]).toEqual([1, 42]);
    expect(positionOf({ commit: 10n, prepare: 7n })).toBe(7);
  });

  it('filters on exactly the event types named, taking regular-expression characters literally', () => {
    const pattern = new RegExp(eventTypesPattern(['ItemAdded', 'Odd.Type+']));
    expect(['ItemAdded', 'Odd.Type+'].every((type) => pattern.test(type))).toBe(true);
    expect(['ItemAddedLater', 'OddXType+', '$metadata', 'ItemRemoved'].some((type) => pattern.test(type))).toBe(false);
  });
});
