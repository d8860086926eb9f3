import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ConcurrencyError, EventIdConflictError, EventValidationError } from '#platform/errors';
import { type Checkpoint, checkpointOf, NO_STREAM, type NewEvent, START } from '#platform/event-store/event-store';
import { type EventStoreTarget, suiteStore } from '../support/event-store-fixtures.ts';
import { type TestEvent, testMetadata } from '../support/test-events.ts';

const added = (title: string, quantity = 1, id = randomUUID()): NewEvent<TestEvent> => ({
  id,
  type: 'ItemAdded',
  data: { title, quantity },
  metadata: testMetadata(),
});

/** Reads every event after `after` in batches of `limit`; returns them and where it ended. */
async function readToEnd(fixture: ReturnType<ReturnType<typeof suiteStore>>, after: Checkpoint, limit: number) {
  const seen: string[] = [];
  let next = after;
  for (let round = 0; round < 10_000; round++) {
    const page = await fixture.store.readAll({ limit, after: next });
    seen.push(...page.events.map((e) => e.id));
    next = page.next;
    if (page.caughtUp) return { seen, next };
  }
  throw new Error('readAll never caught up');
}

/**
 * The behaviour every event-store adapter must show, whatever it stores events in. Each
 * case uses its own stream ids, so cases do not depend on each other or on their order;
 * readAll cases start from the head as they find it.
 */
export function describeEventStoreContract(target: EventStoreTarget): void {
  const fixture = suiteStore(target);
  const head = async () => {
    await fixture().settle();
    return (await readToEnd(fixture(), START, 100_000)).next;
  };

  it('appends to a new stream and reads the events back in order with their metadata', async () => {
    const stream = `cart-${randomUUID()}`;
    const events = [added('pen', 2), added('ink', 1)];
    const result = await fixture().store.appendToStream(stream, events, { expectedVersion: NO_STREAM });
    expect(result.nextExpectedVersion).toBe(2);
    expect(result.positions).toHaveLength(2);

    const read = await fixture().store.readStream(stream);
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
    await fixture().store.appendToStream(stream, [added('a'), added('b'), added('c')]);
    const tail = await fixture().store.readStream(stream, { fromVersion: 2 });
    expect(tail.events.map((e) => e.data.title)).toEqual(['b', 'c']);
    expect(await fixture().store.readStream(`cart-${randomUUID()}`)).toEqual({ events: [], currentVersion: 0 });
  });

  it('rejects an append whose expected version does not match, and stores nothing', async () => {
    const stream = `cart-${randomUUID()}`;
    await fixture().store.appendToStream(stream, [added('pen')], { expectedVersion: NO_STREAM });

    const stale = fixture().store.appendToStream(stream, [added('ink')], { expectedVersion: NO_STREAM });
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({ code: 'ERR_VERSION_CONFLICT', streamId: stream, actual: 1 });
    await expect(fixture().store.appendToStream(stream, [added('ink')], { expectedVersion: 5 })).rejects.toThrow(
      /is at version 1, but the append expected 5/,
    );
    await expect(
      fixture().store.appendToStream(`cart-${randomUUID()}`, [added('x')], { expectedVersion: 'stream_exists' }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(fixture().store.appendToStream(`cart-${randomUUID()}`, [added('x')], { expectedVersion: 3 })).rejects.toMatchObject({
      actual: 0,
    });

    expect((await fixture().store.readStream(stream)).events.map((e) => e.data.title)).toEqual(['pen']);
    await fixture().store.appendToStream(stream, [added('ink')], { expectedVersion: 1 });
    await fixture().store.appendToStream(stream, [added('nib')], { expectedVersion: 'stream_exists' });
    expect((await fixture().store.readStream(stream)).currentVersion).toBe(3);
  });

  it('lets exactly one of several concurrent appends with the same expected version win', async () => {
    const stream = `cart-${randomUUID()}`;
    await fixture().store.appendToStream(stream, [added('first')]);
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => fixture().store.appendToStream(stream, [added(`w${i}`)], { expectedVersion: 1 })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const failure of attempts.filter((a) => a.status === 'rejected')) {
      expect(failure.reason).toBeInstanceOf(ConcurrencyError);
    }
    expect((await fixture().store.readStream(stream)).currentVersion).toBe(2);
  });

  it('treats re-appending the same events as a no-op, whatever the expected version', async () => {
    const stream = `filing-${randomUUID()}`;
    const events = [added('pen'), added('ink')];
    await fixture().store.appendToStream(stream, events, { expectedVersion: NO_STREAM });

    const again = await fixture().store.appendToStream(stream, events, { expectedVersion: NO_STREAM });
    expect(again).toEqual({ nextExpectedVersion: 2, positions: [] });

    const overlapping = await fixture().store.appendToStream(stream, [events[1] as NewEvent<TestEvent>, added('nib')], {
      expectedVersion: 2,
    });
    expect(overlapping.positions).toHaveLength(1);
    const read = await fixture().store.readStream(stream);
    expect(read.events.map((e) => e.data.title)).toEqual(['pen', 'ink', 'nib']);
  });

  it('appends concurrent re-deliveries of the same new events once', async () => {
    const stream = `filing-${randomUUID()}`;
    const events = [added('pen'), added('ink')];
    await Promise.all(Array.from({ length: 4 }, () => fixture().store.appendToStream(stream, events)));
    expect((await fixture().store.readStream(stream)).events).toHaveLength(2);
  });

  it('refuses an event id that already exists in another stream', async () => {
    const event = added('pen');
    await fixture().store.appendToStream(`cart-${randomUUID()}`, [event]);
    await expect(fixture().store.appendToStream(`cart-${randomUUID()}`, [event])).rejects.toBeInstanceOf(EventIdConflictError);
  });

  it('validates payloads and metadata before storing anything', async () => {
    const stream = `cart-${randomUUID()}`;
    const bad = { ...added('pen'), data: { title: 'pen', quantity: 1.5 } } as NewEvent<TestEvent>;
    await expect(fixture().store.appendToStream(stream, [added('ok'), bad])).rejects.toBeInstanceOf(EventValidationError);
    const noKnownAt = { ...added('pen'), metadata: { ...testMetadata(), knownAt: 'yesterday' } };
    await expect(fixture().store.appendToStream(stream, [noKnownAt])).rejects.toThrow(/metadata.knownAt/);
    const unknownType = { ...added('pen'), type: 'ItemStolen' } as unknown as NewEvent<TestEvent>;
    await expect(fixture().store.appendToStream(stream, [unknownType])).rejects.toThrow(/unknown event type ItemStolen/);
    expect((await fixture().store.readStream(stream)).currentVersion).toBe(0);
  });

  it('stores text with U+0000, which PostgreSQL cannot hold, as U+FFFD', async () => {
    const stream = `cart-${randomUUID()}`;
    await fixture().store.appendToStream(stream, [added('pen\u0000cap'), added('plain \\u0000 text')]);
    const read = await fixture().store.readStream(stream);
    expect(read.events.map((e) => e.data.title)).toEqual(['pen\uFFFDcap', 'plain \\u0000 text']);
  });

  it('upcasts payloads stored under an older schema version, on every read', async () => {
    const stream = `cart-${randomUUID()}`;
    const id = randomUUID();
    const start = await head();
    // An event as an older release stored it: ItemAdded at schema version 1.
    await fixture().appendAsStored(stream, [
      { id, type: 'ItemAdded', schemaVersion: 1, data: { name: 'quill' }, metadata: testMetadata() },
    ]);
    const [event] = (await fixture().store.readStream(stream)).events;
    expect(event).toMatchObject({ id, schemaVersion: 2, data: { title: 'quill', quantity: 1 } });

    await fixture().settle();
    const all = await fixture().store.readAll({ after: start, limit: 10_000, types: ['ItemAdded'] });
    expect(all.events.map((e) => [e.id, e.schemaVersion, e.data])).toEqual([[id, 2, { title: 'quill', quantity: 1 }]]);
  });

  it('reads all events in batches from a checkpoint, without gaps or repeats', async () => {
    const streams = [`cart-${randomUUID()}`, `cart-${randomUUID()}`];
    const appended: string[] = [];
    for (let i = 0; i < 25; i++) {
      const event = added(`item-${i}`);
      appended.push(event.id);
      await fixture().store.appendToStream(streams[i % 2] as string, [event]);
    }
    await fixture().settle();
    const seen: string[] = [];
    let after = undefined;
    for (let round = 0; round < 1000; round++) {
      const page = await fixture().store.readAll({ limit: 7, ...(after ? { after } : {}) });
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
    const start = (await fixture().store.readAll({ limit: 100_000 })).next;
    await fixture().store.appendToStream(stream, [
      added('pen'),
      { id: randomUUID(), type: 'ItemRemoved', data: { title: 'pen' }, metadata: testMetadata() },
      added('ink'),
    ]);
    await fixture().settle();
    const removed = await fixture().store.readAll({ after: start, limit: 10, types: ['ItemRemoved'] });
    expect(removed.events.map((e) => [e.type, e.data])).toEqual([['ItemRemoved', { title: 'pen' }]]);
    expect(removed.caughtUp).toBe(true);
    const rest = await fixture().store.readAll({ after: removed.next, limit: 10, types: ['ItemRemoved'] });
    expect(rest.events).toEqual([]);
  });

  it('never skips or repeats an event while many writers append and a reader reads', async () => {
    const start = await head();
    const ours = new Set<string>();
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; i < 15; i++) {
        const events = [added(`w${w}-${i}`), added(`w${w}-${i}b`)];
        for (const event of events) ours.add(event.id);
        await fixture().store.appendToStream(`cart-${randomUUID()}`, events);
      }
    });
    const seen: string[] = [];
    let after = start;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const page = await fixture().store.readAll({ after, limit: 5, types: ['ItemAdded'] });
        seen.push(...page.events.map((e) => e.id));
        after = page.next;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(writers);
    writing = false;
    await reader;
    await fixture().settle();
    seen.push(...(await readToEnd(fixture(), after, 7)).seen);
    // A server shared with other suites has their events too: only ours are counted.
    const seenOurs = seen.filter((id) => ours.has(id));
    expect(seenOurs.length).toBe(new Set(seenOurs).size);
    expect(new Set(seenOurs)).toEqual(ours);
  });

  it('measures the head and how many events of some types lie after a checkpoint', async () => {
    const start = await head();
    const before = await fixture().store.readProgress({ after: start, types: ['ItemAdded', 'ItemRemoved'] });
    expect(before.behind).toBe(0);
    const result = await fixture().store.appendToStream(`cart-${randomUUID()}`, [
      added('pen'),
      { id: randomUUID(), type: 'ItemRemoved', data: { title: 'pen' }, metadata: testMetadata() },
      added('ink'),
      added('nib'),
    ]);
    const progress = await fixture().store.readProgress({ after: start, types: ['ItemAdded'] });
    expect(progress).toEqual({ headPosition: Math.max(...result.positions), behind: 3 });
    expect((await fixture().store.readProgress({ after: start, types: ['ItemAdded'], countLimit: 2 })).behind).toBe(2);
    expect((await fixture().store.readProgress({ after: start, types: ['ItemRemoved'] })).behind).toBe(1);
    expect((await fixture().store.readProgress({ after: await head(), types: ['ItemAdded'] })).behind).toBe(0);
  });

  it('hands out tokens that stay put when nothing new was read, and refuses a token it did not mint', async () => {
    const at = await head();
    const again = await fixture().store.readAll({ after: at, limit: 10 });
    expect(again).toEqual({ events: [], next: at, caughtUp: true });
    await expect(fixture().store.readAll({ after: checkpointOf('elsewhere:42'), limit: 10 })).rejects.toThrow(/was not written by/);
  });

  it('wakes a waiting reader when events are appended', async () => {
    await fixture().store.waitForEvents({ timeoutMs: 1 }); // takes any earlier wake-up, and starts listening
    const waited = fixture().store.waitForEvents({ timeoutMs: 5_000 });
    const started = Date.now();
    setTimeout(() => void fixture().store.appendToStream(`cart-${randomUUID()}`, [added('pen')]), 50);
    await waited;
    // A server notifies at once; on PGlite the waiter polls the head every 100 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('ends a wait on abort', async () => {
    const controller = new AbortController();
    const waited = fixture().store.waitForEvents({ timeoutMs: 60_000, signal: controller.signal });
    controller.abort();
    await expect(waited).resolves.toBeUndefined();
  });
}
