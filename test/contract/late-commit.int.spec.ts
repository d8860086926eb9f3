import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, SqlExecutor } from '#platform/db/db';
import { appendToStream } from '#platform/event-store/append-to-stream';
import { buildEventRegistry } from '#platform/event-store/event-registry';
import type { Checkpoint, NewEvent } from '#platform/event-store/event-store';
import { PostgresEventStore } from '#platform/event-store/postgres-event-store';
import { describePostgres } from '../support/databases.ts';
import { settled } from '../support/settled.ts';
import { TEST_EVENTS, type TestEvent, testMetadata } from '../support/test-events.ts';

const registry = buildEventRegistry(TEST_EVENTS);
const added = (title: string): NewEvent<TestEvent> => ({
  id: randomUUID(),
  type: 'ItemAdded',
  data: { title, quantity: 1 },
  metadata: testMetadata(),
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Runs `steps` inside one open transaction; each step waits for its gate. */
function openTransaction(db: Database) {
  const gates: Array<{ run: (tx: SqlExecutor) => Promise<void>; gate: Promise<void>; done: ReturnType<typeof deferred> }> = [];
  const finished = deferred();
  return {
    step(run: (tx: SqlExecutor) => Promise<void>) {
      const gate = deferred();
      const done = deferred();
      gates.push({ run, gate: gate.promise, done });
      return { go: () => (gate.resolve(), done.promise) };
    },
    start() {
      return db
        .transaction(async (tx) => {
          for (const { run, gate, done } of gates) {
            await gate;
            await run(tx);
            done.resolve();
          }
        })
        .finally(finished.resolve);
    },
  };
}

describePostgres('readAll with transactions committing out of order', (database) => {
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

  const readTitles = async (after: Checkpoint) => {
    const page = await store.readAll({ after, limit: 1000 });
    return { titles: page.events.map((e) => e.data.title), next: page.next };
  };

  it('never skips an event whose transaction took its id first but its position last', async () => {
    const start = (await store.readAll({ limit: 100_000 })).next;
    // U takes a transaction id first; T takes a later id but inserts first (lower position).
    const u = openTransaction(db);
    const uTakesId = u.step(async (tx) => void (await tx.query('select pg_current_xact_id()')));
    const uAppends = u.step((tx) => appendToStream(tx, registry, `s-${randomUUID()}`, [added('U')]).then(() => undefined));
    const uDone = u.start();
    await uTakesId.go();

    const t = openTransaction(db);
    const tAppends = t.step((tx) => appendToStream(tx, registry, `s-${randomUUID()}`, [added('T')]).then(() => undefined));
    const tCommits = t.step(async () => undefined);
    const tDone = t.start();
    await tAppends.go();
    await uAppends.go();
    await uDone;

    // U has committed; T (holding the lower position) still runs. Another suite's open
    // transaction may hold the horizon lower still (xmin is cluster-wide): wait for it.
    await settled(db);
    const first = await readTitles(start);
    expect(first.titles).toEqual(['U']);

    await tCommits.go();
    await tDone;
    await settled(db);
    const second = await readTitles(first.next);
    expect(second.titles).toEqual(['T']);
  });

  it('does not read past a running transaction, then reads what it appended', async () => {
    const start = (await store.readAll({ limit: 100_000 })).next;
    const slow = openTransaction(db);
    const slowAppends = slow.step((tx) => appendToStream(tx, registry, `s-${randomUUID()}`, [added('slow')]).then(() => undefined));
    const slowCommits = slow.step(async () => undefined);
    const slowDone = slow.start();
    await slowAppends.go();

    await store.appendToStream(`s-${randomUUID()}`, [added('fast')]);
    const during = await readTitles(start);
    expect(during.titles).toEqual([]);

    await slowCommits.go();
    await slowDone;
    await settled(db);
    const after = await readTitles(during.next);
    expect(after.titles).toEqual(['slow', 'fast']);
  });
});
