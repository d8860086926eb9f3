import { DOMAIN_EVENT_TYPES, type DomainEvent } from '#schemas/events';
import type { Database } from '#platform/db';
import type { EventStore, NewEvent, StoredEvent } from '#platform/event-store';
import { catchUp, type Projection } from '#platform/projector';

/** Consecutive events of one stream, so a batch is forwarded in the order it was committed. */
function runsOf(events: readonly StoredEvent<DomainEvent>[]): StoredEvent<DomainEvent>[][] {
  const runs: StoredEvent<DomainEvent>[][] = [];
  for (const event of events) {
    const last = runs.at(-1);
    if (last?.[0]?.streamId === event.streamId) last.push(event);
    else runs.push([event]);
  }
  return runs;
}

const asNew = ({ id, type, data, metadata: { recordedAt: _recorded, ...metadata } }: StoredEvent<DomainEvent>) =>
  ({ id, type, data, metadata }) as NewEvent<DomainEvent>;

/**
 * Forwards every event of the PostgreSQL store (the outbox ingestion appends to in its own
 * transactions) to `target`, in commit order, as a projection: its checkpoint moves in a
 * PostgreSQL transaction after the batch is appended, so a crash between the two forwards
 * the batch again, and the target's idempotent append (by event id) adds nothing twice.
 */
export function forwardingProjection(target: EventStore<DomainEvent>): Projection<DomainEvent> {
  return {
    name: 'forward_events',
    version: 1,
    handles: DOMAIN_EVENT_TYPES,
    tables: [],
    setup: () => Promise.resolve(),
    async evolve(_tx, events) {
      for (const run of runsOf(events)) await target.appendToStream(run[0]?.streamId ?? '', run.map(asNew));
    },
  };
}

/**
 * The event store of a service whose events are read from another store than PostgreSQL
 * (KurrentDB, docs/adr/0009-kurrentdb-client.md): appends, stream reads and wake-ups go to the
 * PostgreSQL outbox, which ingestion writes in its own transactions; `readAll` first forwards
 * what the outbox holds and then reads `target`, whose tokens the projections keep.
 * Forwarding runs in whichever process reads first; the checkpoint's compare-and-set lets
 * only one of them forward a batch.
 */
export function createForwardingEventStore(
  db: Database,
  outbox: EventStore<DomainEvent>,
  target: EventStore<DomainEvent>,
): EventStore<DomainEvent> {
  const forward = forwardingProjection(target);
  return {
    appendToStream: (streamId, events, options) => outbox.appendToStream(streamId, events, options),
    readStream: (streamId, options) => outbox.readStream(streamId, options),
    async readAll(options) {
      // A rebuild's swap reads inside its transaction: it takes what is forwarded, the live projector the rest.
      if (!options.within) await catchUp(db, outbox, [forward]);
      return target.readAll(options);
    },
    waitForEvents: (options) => outbox.waitForEvents(options),
    readProgress: (options) => target.readProgress(options),
    async close() {
      await outbox.close();
      await target.close();
    },
  };
}
