import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#platform/db/db';
import { buildEventRegistry } from '#platform/event-store/event-registry';
import { PostgresEventStore } from '#platform/event-store/postgres-event-store';
import { describePostgres } from '../support/databases.ts';
import { TEST_EVENTS, type TestEvent, testMetadata } from '../support/test-events.ts';

describePostgres('waiting for events when the LISTEN connection is lost', (database) => {
  let db: Database;
  let store: PostgresEventStore<TestEvent>;
  beforeAll(async () => {
    db = await database.open();
    store = new PostgresEventStore<TestEvent>(db, buildEventRegistry(TEST_EVENTS));
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  const append = () =>
    store.appendToStream(`s-${randomUUID()}`, [
      { id: randomUUID(), type: 'ItemAdded', data: { title: 'x', quantity: 1 }, metadata: testMetadata() },
    ]);

  it('wakes the reader, listens again, and keeps delivering notifications', async () => {
    await store.waitForEvents({ timeoutMs: 50 }); // sets up the listener
    const { rows } = await db.query<{ killed: boolean }>(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity
       where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
    );
    expect(rows.map((r) => r.killed)).toEqual([true]);

    // The loss itself wakes the waiter; the next wait listens on a fresh connection.
    await store.waitForEvents({ timeoutMs: 5_000 });
    await store.waitForEvents({ timeoutMs: 50 });
    const started = Date.now();
    const waited = store.waitForEvents({ timeoutMs: 10_000 });
    setTimeout(() => void append(), 20);
    await waited;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
