import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENTS, type DomainEvent } from '#schemas/events/catalogue';
import { PRICE_PART_CANDLES, PricesRecordedSchema, PricesRecordedV1Schema } from '#schemas/events/prices';
import { PRICES_V1_FIXTURES, pricesV1Fixture } from '../../../test/support/prices-v1-fixture.ts';
import { domainEventRegistry } from './domain-event-store.ts';
import { InMemoryEventStore } from './in-memory-event-store.ts';
import { toStoredEvent } from './stored-event.ts';

// Version-1 events as stores hold them: RELIANCE's daily history in one event of 5017 candles, INFY's 30 sessions in
// one event per interval (test/fixtures/prices-recorded-v1).
const fixtures = PRICES_V1_FIXTURES.map(pricesV1Fixture);
const stored = fixtures.flatMap((fixture) => fixture.events);
const [reliance] = fixtures[0]?.events ?? [];
if (!reliance) throw new Error('the fixture holds no event');

describe('PricesRecorded schema version 2 and the upcaster from version 1', () => {
  it('is version 2; the fixtures are version-1 payloads, which version 2 does not accept as they are', () => {
    expect(DOMAIN_EVENTS.PricesRecorded.schemaVersion).toBe(2);
    for (const event of stored) {
      expect(event.schemaVersion).toBe(1);
      expect(PricesRecordedV1Schema.safeParse(event.data).success).toBe(true);
      expect(PricesRecordedSchema.safeParse(event.data).success).toBe(false); // no part, no parts
    }
  });

  it('lifts a version-1 event to part 1 of 1, its candles untouched however many', () => {
    expect(reliance.data.candles.length).toBeGreaterThan(PRICE_PART_CANDLES);
    for (const event of stored) {
      expect(domainEventRegistry.upcast('PricesRecorded', 1, event.data)).toEqual({ ...event.data, part: 1, parts: 1 });
    }
  });

  it('gives a payload version 2 accepts, so an upcast event can be appended elsewhere again (the KurrentDB forwarder)', () => {
    for (const event of stored) {
      expect(() => domainEventRegistry.parse('PricesRecorded', domainEventRegistry.upcast('PricesRecorded', 1, event.data))).not.toThrow();
    }
  });

  it('leaves a version-2 payload as it is', () => {
    const data = { ...reliance.data, candles: reliance.data.candles.slice(0, 2), part: 3, parts: 11 };
    expect(domainEventRegistry.upcast('PricesRecorded', 2, data)).toBe(data);
  });

  it('refuses a part beyond the number of parts', () => {
    const data = { ...reliance.data, candles: reliance.data.candles.slice(0, 2), part: 12, parts: 11 };
    expect(() => domainEventRegistry.parse('PricesRecorded', data)).toThrow('part: part must not exceed parts');
  });

  it('reads a stored version-1 row as version 2, the row itself unchanged', () => {
    const row = {
      global_position: 7,
      transaction_id: '1',
      stream_id: `prices-NSE-1d-${reliance.metadata.sourceSha256}`,
      stream_version: 1,
      event_id: reliance.id,
      event_type: 'PricesRecorded',
      schema_version: 1,
      data: reliance.data,
      metadata: reliance.metadata,
      recorded_at: new Date(reliance.recordedAt),
    };
    const event = toStoredEvent<DomainEvent>(domainEventRegistry, row);
    expect(event).toMatchObject({ schemaVersion: 2, data: { part: 1, parts: 1, candles: reliance.data.candles } });
    expect(row.data).not.toHaveProperty('part');
  });

  it('reads version-1 events from the in-memory store as version 2', async () => {
    const store = new InMemoryEventStore<DomainEvent>(domainEventRegistry);
    store.appendAsStored('prices-NSE-1d-x', [reliance]);
    const { events } = await store.readAll({ limit: 10 });
    expect(events.map((e) => [e.schemaVersion, e.type === 'PricesRecorded' && [e.data.part, e.data.parts, e.data.candles.length]])).toEqual(
      [[2, [1, 1, 5017]]],
    );
  });
});
