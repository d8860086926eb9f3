import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/db.ts';
import { ConcurrencyError, EventIdConflictError, EventValidationError } from '../../src/platform/errors/index.ts';
import { buildEventRegistry } from '../../src/platform/event-store/event-registry.ts';
import { type EventStore, NO_STREAM, type NewEvent } from '../../src/platform/event-store/event-store.ts';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.ts';
import { prepareEvents } from '../../src/platform/event-store/append-to-stream.ts';
import { appendToStreams } from '../../src/platform/event-store/append-to-streams.ts';
import type { TestDatabase } from '../support/databases.ts';
import { settled } from '../support/service-harness.ts';
import { TEST_EVENTS, type TestEvent, testMetadata } from '../support/test-events.ts';

const added = (title: string, quantity = 1, id = randomUUID()): NewEvent<TestEvent> => ({
  id,
  type: 'ItemAdded',
  data: { title, quantity },
  metadata: testMetadata(),
});

/**
 * The behaviour every event-store adapter must show. Each case uses its own stream ids,
 * so cases do not depend on each other or on their order.
 */
export function describeEventStoreContract(database: TestDatabase): void {
  let db: Database;
  let store: EventStore<TestEvent> & { close(): Promise<void> };

  beforeAll(async () => {
    db = await database.open();
    store = new PostgresEventStore<TestEvent>(db, buildEventRegistry(TEST_EVENTS));
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  it('appends to a new stream and reads the events back in order with their metadata', async () => {
    const stream = `cart-${randomUUID()}`;
    const events = [added('pen', 2), added('ink', 1)];
    const result = await store.appendToStream(stream, events, { expectedVersion: NO_STREAM });
    expect(result.nextExpectedVersion).toBe(2);
    expect(result.positions).toHaveLength(2);

    const read = await store.readStream(stream);
    expect(read.currentVersion).toBe(2);
    expect(read.events.map((e) => [e.id, e.type, e.data, e.streamVersion])).toEqual([
      [events[0]?.id, 'ItemAdded', { title: 'pen', quantity: 2 }, 1],
      [events[1]?.id, 'ItemAdded', { title: 'ink', quantity: 1 }, 2],
    ]);
    const [first] = read.events;
    expect(first?.metadata).toMatchObject({ ...testMetadata(), recordedAt: expect.any(String) });
    expect(Date.parse(first?.metadata.recordedAt ?? '')).not.toBeNaN();
    expect(first?.schemaVersion).toBe(2);
    expect(read.events.map((e) => e.position)).toEqual(result.positions);
  });

  it('reads a stream from a version, and an unknown stream as empty at version 0', async () => {
    const stream = `cart-${randomUUID()}`;
    await store.appendToStream(stream, [added('a'), added('b'), added('c')]);
    const tail = await store.readStream(stream, { fromVersion: 2 });
    expect(tail.events.map((e) => e.data.title)).toEqual(['b', 'c']);
    expect(await store.readStream(`cart-${randomUUID()}`)).toEqual({ events: [], currentVersion: 0 });
  });

  it('rejects an append whose expected version does not match, and stores nothing', async () => {
    const stream = `cart-${randomUUID()}`;
    await store.appendToStream(stream, [added('pen')], { expectedVersion: NO_STREAM });

    const stale = store.appendToStream(stream, [added('ink')], { expectedVersion: NO_STREAM });
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({ code: 'ERR_VERSION_CONFLICT', streamId: stream, actual: 1 });
    await expect(store.appendToStream(stream, [added('ink')], { expectedVersion: 5 })).rejects.toThrow(
      /is at version 1, but the append expected 5/,
    );
    await expect(store.appendToStream(`cart-${randomUUID()}`, [added('x')], { expectedVersion: 'stream_exists' })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    await expect(store.appendToStream(`cart-${randomUUID()}`, [added('x')], { expectedVersion: 3 })).rejects.toMatchObject({ actual: 0 });

    expect((await store.readStream(stream)).events.map((e) => e.data.title)).toEqual(['pen']);
    await store.appendToStream(stream, [added('ink')], { expectedVersion: 1 });
    await store.appendToStream(stream, [added('nib')], { expectedVersion: 'stream_exists' });
    expect((await store.readStream(stream)).currentVersion).toBe(3);
  });

  it('lets exactly one of several concurrent appends with the same expected version win', async () => {
    const stream = `cart-${randomUUID()}`;
    await store.appendToStream(stream, [added('first')]);
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => store.appendToStream(stream, [added(`w${i}`)], { expectedVersion: 1 })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const failure of attempts.filter((a) => a.status === 'rejected')) {
      expect(failure.reason).toBeInstanceOf(ConcurrencyError);
    }
    expect((await store.readStream(stream)).currentVersion).toBe(2);
  });

  it('treats re-appending the same events as a no-op, whatever the expected version', async () => {
    const stream = `filing-${randomUUID()}`;
    const events = [added('pen'), added('ink')];
    await store.appendToStream(stream, events, { expectedVersion: NO_STREAM });

    const again = await store.appendToStream(stream, events, { expectedVersion: NO_STREAM });
    expect(again).toEqual({ nextExpectedVersion: 2, positions: [] });

    const overlapping = await store.appendToStream(stream, [events[1] as NewEvent<TestEvent>, added('nib')], {
      expectedVersion: 2,
    });
    expect(overlapping.positions).toHaveLength(1);
    const read = await store.readStream(stream);
    expect(read.events.map((e) => e.data.title)).toEqual(['pen', 'ink', 'nib']);
  });

  it('appends concurrent re-deliveries of the same new events once', async () => {
    const stream = `filing-${randomUUID()}`;
    const events = [added('pen'), added('ink')];
    await Promise.all(Array.from({ length: 4 }, () => store.appendToStream(stream, events)));
    expect((await store.readStream(stream)).events).toHaveLength(2);
  });

  it('refuses an event id that already exists in another stream', async () => {
    const event = added('pen');
    await store.appendToStream(`cart-${randomUUID()}`, [event]);
    await expect(store.appendToStream(`cart-${randomUUID()}`, [event])).rejects.toBeInstanceOf(EventIdConflictError);
  });

  it('validates payloads and metadata before storing anything', async () => {
    const stream = `cart-${randomUUID()}`;
    const bad = { ...added('pen'), data: { title: 'pen', quantity: 1.5 } } as NewEvent<TestEvent>;
    await expect(store.appendToStream(stream, [added('ok'), bad])).rejects.toBeInstanceOf(EventValidationError);
    const noKnownAt = { ...added('pen'), metadata: { ...testMetadata(), knownAt: 'yesterday' } };
    await expect(store.appendToStream(stream, [noKnownAt])).rejects.toThrow(/metadata.knownAt/);
    const unknownType = { ...added('pen'), type: 'ItemStolen' } as unknown as NewEvent<TestEvent>;
    await expect(store.appendToStream(stream, [unknownType])).rejects.toThrow(/unknown event type ItemStolen/);
    expect((await store.readStream(stream)).currentVersion).toBe(0);
  });

  it('stores text with U+0000, which PostgreSQL cannot hold, as U+FFFD', async () => {
    const stream = `cart-${randomUUID()}`;
    await store.appendToStream(stream, [added('pen\u0000cap'), added('plain \\u0000 text')]);
    const read = await store.readStream(stream);
    expect(read.events.map((e) => e.data.title)).toEqual(['pen\uFFFDcap', 'plain \\u0000 text']);
  });

  it('upcasts payloads stored under an older schema version on read, leaving the row as stored', async () => {
    const stream = `cart-${randomUUID()}`;
    const id = randomUUID();
    // A row as an older release wrote it: ItemAdded at schema version 1.
    await db.transaction(async (tx) => {
      await tx.query('insert into es_streams (stream_id, stream_version) values ($1, 1)', [stream]);
      await tx.query(
        `insert into es_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, known_at)
         values ($1, 1, $2, 'ItemAdded', 1, $3, $4, $5)`,
        [stream, id, JSON.stringify({ name: 'quill' }), JSON.stringify(testMetadata()), testMetadata().knownAt],
      );
    });
    const [event] = (await store.readStream(stream)).events;
    expect(event).toMatchObject({ id, schemaVersion: 2, data: { title: 'quill', quantity: 1 } });

    const { rows } = await db.query<{ data: unknown; schema_version: number }>(
      'select data, schema_version from es_events where event_id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ data: { name: 'quill' }, schema_version: 1 });

    // readAll stops below the oldest open transaction, another suite's included: wait for it.
    await settled(db);
    const all = await store.readAll({ limit: 10_000, types: ['ItemAdded'] });
    expect(all.events.find((e) => e.id === id)?.data).toEqual({ title: 'quill', quantity: 1 });
  });

  it('reads all events in batches from a checkpoint, without gaps or repeats', async () => {
    const streams = [`cart-${randomUUID()}`, `cart-${randomUUID()}`];
    const appended: string[] = [];
    for (let i = 0; i < 25; i++) {
      const event = added(`item-${i}`);
      appended.push(event.id);
      await store.appendToStream(streams[i % 2] as string, [event]);
    }
    await settled(db);
    const seen: string[] = [];
    let after = undefined;
    for (let round = 0; round < 1000; round++) {
      const page = await store.readAll({ limit: 7, ...(after ? { after } : {}) });
      seen.push(...page.events.map((e) => e.id));
      after = page.next;
      if (page.caughtUp) break;
    }
    const ours = seen.filter((id) => appended.includes(id));
    expect(ours).toEqual(appended);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('filters by event type and still moves the checkpoint past other types', async () => {
    const stream = `cart-${randomUUID()}`;
    const start = (await store.readAll({ limit: 100_000 })).next;
    await store.appendToStream(stream, [
      added('pen'),
      { id: randomUUID(), type: 'ItemRemoved', data: { title: 'pen' }, metadata: testMetadata() },
      added('ink'),
    ]);
    await settled(db);
    const removed = await store.readAll({ after: start, limit: 10, types: ['ItemRemoved'] });
    expect(removed.events.map((e) => [e.type, e.data])).toEqual([['ItemRemoved', { title: 'pen' }]]);
    expect(removed.caughtUp).toBe(true);
    const rest = await store.readAll({ after: removed.next, limit: 10, types: ['ItemRemoved'] });
    expect(rest.events).toEqual([]);
  });

  it('wakes a waiting reader when events are appended', async () => {
    const waited = store.waitForEvents({ timeoutMs: 5_000 });
    const started = Date.now();
    setTimeout(() => void store.appendToStream(`cart-${randomUUID()}`, [added('pen')]), 20);
    await waited;
    // A server notifies at once; on PGlite the waiter polls the head every 100 ms.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('ends a wait on abort', async () => {
    const controller = new AbortController();
    const waited = store.waitForEvents({ timeoutMs: 60_000, signal: controller.signal });
    controller.abort();
    await expect(waited).resolves.toBeUndefined();
  });
}

/** appendToStreams: many streams in one transaction, as ingestion writes them. */
export function describeMultiStreamAppendContract(database: TestDatabase): void {
  let db: Database;
  let store: PostgresEventStore<TestEvent>;
  const registry = buildEventRegistry(TEST_EVENTS);
  beforeAll(async () => {
    db = await database.open();
    store = new PostgresEventStore<TestEvent>(db, registry);
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  const append = (batches: ReadonlyArray<[string, NewEvent<TestEvent>[]]>) =>
    db.transaction((tx) =>
      appendToStreams(
        tx,
        batches.map(([streamId, events]) => ({ streamId, events: prepareEvents(registry, events) })),
      ),
    );

  it('appends to new and existing streams, continuing each stream version', async () => {
    const [a, b] = [`cart-${randomUUID()}`, `cart-${randomUUID()}`];
    await store.appendToStream(a, [added('first')]);
    expect(
      await append([
        [a, [added('second'), added('third')]],
        [b, [added('only')]],
      ]),
    ).toBe(3);
    expect((await store.readStream(a)).events.map((e) => [e.streamVersion, e.data.title])).toEqual([
      [1, 'first'],
      [2, 'second'],
      [3, 'third'],
    ]);
    expect((await store.readStream(b)).currentVersion).toBe(1);
  });

  it('skips events already stored, and refuses an id stored in another stream', async () => {
    const stream = `cart-${randomUUID()}`;
    const event = added('pen');
    await append([[stream, [event]]]);
    expect(await append([[stream, [event, added('ink')]]])).toBe(1);
    await expect(append([[`cart-${randomUUID()}`, [event]]])).rejects.toBeInstanceOf(EventIdConflictError);
    expect((await store.readStream(stream)).events.map((e) => e.data.title)).toEqual(['pen', 'ink']);
  });

  it('appends an event given twice in one batch once (the same document received twice)', async () => {
    const stream = `document-${randomUUID()}`;
    const event = added('receipt');
    expect(
      await append([
        [stream, [event]],
        [stream, [event]],
      ]),
    ).toBe(1);
    await expect(
      append([
        [stream, [added('a')]],
        [`other-${randomUUID()}`, [event]],
      ]),
    ).rejects.toBeInstanceOf(EventIdConflictError);
  });

  it('appends the closing events after every other, in the same statements, continuing each stream', async () => {
    const [a, b, closing] = [`a-${randomUUID()}`, `b-${randomUUID()}`, `document-${randomUUID()}`];
    const prepared = (events: NewEvent<TestEvent>[]) => prepareEvents(registry, events);
    const written = await db.transaction((tx) =>
      appendToStreams(
        tx,
        [
          { streamId: b, events: prepared([added('b1')]) },
          { streamId: closing, events: prepared([added('c1')]) },
        ],
        [
          { streamId: a, events: prepared([added('outcome a')]) },
          { streamId: closing, events: prepared([added('outcome c')]) },
        ],
      ),
    );
    expect(written).toBe(4);
    const events = (await Promise.all([a, b, closing].map((stream) => store.readStream(stream)))).flatMap((read) => read.events);
    const byTitle = new Map(events.map((e) => [e.data.title, e]));
    const position = (title: string) => byTitle.get(title)?.position ?? -1;
    expect(position('outcome a')).toBeGreaterThan(position('c1'));
    expect(position('outcome a')).toBeGreaterThan(position('b1'));
    expect(position('outcome c')).toBeGreaterThan(position('c1'));
    expect([byTitle.get('c1')?.streamVersion, byTitle.get('outcome c')?.streamVersion]).toEqual([1, 2]);
  });
}
