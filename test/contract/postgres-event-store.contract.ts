import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#platform/db/db';
import { EventIdConflictError } from '#platform/errors';
import { prepareEvents } from '#platform/event-store/append-to-stream';
import { appendToStreams } from '#platform/event-store/append-to-streams';
import type { NewEvent } from '#platform/event-store/event-store';
import { PostgresEventStore } from '#platform/event-store/postgres-event-store';
import { suiteDatabase, type TestDatabase } from '../support/databases.ts';
import { insertAsStored, registry } from '../support/event-store-fixtures.ts';
import { type TestEvent, testMetadata } from '../support/test-events.ts';

const added = (title: string, quantity = 1, id = randomUUID()): NewEvent<TestEvent> => ({
  id,
  type: 'ItemAdded',
  data: { title, quantity },
  metadata: testMetadata(),
});

/** What only the PostgreSQL store shows: rows as stored in es_events. */
export function describePostgresStorageContract(database: TestDatabase): void {
  const db = suiteDatabase(database);

  it('upcasts on read and leaves the row as an older release stored it', async () => {
    const stream = `cart-${randomUUID()}`;
    const id = randomUUID();
    await insertAsStored(db(), stream, [{ id, type: 'ItemAdded', schemaVersion: 1, data: { name: 'quill' }, metadata: testMetadata() }]);
    const store = new PostgresEventStore<TestEvent>(db(), registry);
    expect((await store.readStream(stream)).events[0]?.data).toEqual({ title: 'quill', quantity: 1 });
    const { rows } = await db().query<{ data: unknown; schema_version: number }>(
      'select data, schema_version from es_events where event_id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ data: { name: 'quill' }, schema_version: 1 });
    await store.close();
  });
}

/** appendToStreams: many streams in one transaction, as ingestion writes them. */
export function describeMultiStreamAppendContract(database: TestDatabase): void {
  let db: Database;
  let store: PostgresEventStore<TestEvent>;
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
