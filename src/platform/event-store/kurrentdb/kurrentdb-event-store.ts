import {
  BACKWARDS,
  END,
  eventTypeFilter,
  excludeSystemEvents,
  type KurrentDBClient,
  NO_STREAM,
  START as FROM_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import type { SqlExecutor } from '#platform/db';
import { ConcurrencyError } from '#platform/errors';
import { prepareEvents } from '../append-to-stream.ts';
import type { EventRegistry } from '../event-registry.ts';
import {
  type AnyEvent,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadProgress,
  type ReadProgressOptions,
  type ReadStreamOptions,
  type ReadStreamResult,
  START,
} from '../event-store.ts';
import { createWakeUps } from '../wake-ups.ts';
import { claimEventIds } from './claim-event-ids.ts';
import { decideAppend } from './decide-append.ts';
import { compareLogPositions, decodeKurrentCheckpoint, encodeKurrentCheckpoint, type LogPosition } from './kurrentdb-checkpoint.ts';
import {
  eventTypesPattern,
  fromKurrentEvent,
  type KurrentRecordedEvent,
  positionOf,
  toKurrentEvent,
  versionOf,
} from './kurrentdb-events.ts';

/** The calls this adapter makes on the client. */
export type KurrentClient = Pick<KurrentDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

/** Appends re-decided after another writer got in first, before the append gives up. */
const APPEND_ATTEMPTS = 20;

/** The server-side revision an append expects, from this port's stream version (0: no stream). */
const streamStateOf = (version: number) => (version === 0 ? NO_STREAM : BigInt(version - 1));

async function* recorded(read: AsyncIterable<{ event?: unknown }>): AsyncGenerator<KurrentRecordedEvent> {
  try {
    for await (const resolved of read) if (resolved.event) yield resolved.event as KurrentRecordedEvent;
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
}

/**
 * The event store on KurrentDB (docs/adr/0009-kurrentdb-client.md). Streams keep their names;
 * `$all`, without system events, is the global order, and a checkpoint is an event's
 * (commit, prepare) position. KurrentDB's log has one writer and is read in the order it was
 * written, so a reader cannot skip a late commit the way a PostgreSQL reader could.
 *
 * Idempotency by event id holds beyond the server's short duplicate window: each append reads
 * the ids already in its stream and expects the revision it read (`decideAppend`), and the
 * ids' streams are claimed in PostgreSQL (`es_event_ids`) so an id offered to another stream
 * is refused. The read side and the checkpoints stay in PostgreSQL.
 */
export class KurrentEventStore<E extends AnyEvent = AnyEvent> implements EventStore<E> {
  readonly #client: KurrentClient;
  readonly #db: SqlExecutor;
  readonly #registry: EventRegistry;
  readonly #wakeUps = createWakeUps();
  #subscription: ReturnType<KurrentClient['subscribeToAll']> | undefined;

  constructor(client: KurrentClient, db: SqlExecutor, registry: EventRegistry) {
    this.#client = client;
    this.#db = db;
    this.#registry = registry;
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent<E>[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedVersion ?? 'any';
    const prepared = prepareEvents(this.#registry, events);
    if (prepared.length > 0)
      await claimEventIds(
        this.#db,
        streamId,
        prepared.map((event) => event.id),
      );
    for (let attempt = 1; ; attempt++) {
      const decision = decideAppend(prepared, await this.#streamState(streamId), expected);
      if (decision.kind === 'nothing-new') return { nextExpectedVersion: decision.version, positions: [] };
      if (decision.kind === 'conflict') throw new ConcurrencyError(streamId, expected, decision.actual);
      try {
        const result = await this.#client.appendToStream(streamId, decision.fresh.map(toKurrentEvent), {
          streamState: streamStateOf(decision.expectedVersion),
        });
        this.#wakeUps.notify();
        const positions = await this.#positions(streamId, decision.expectedVersion + 1, decision.fresh.length);
        return { nextExpectedVersion: versionOf(result.nextExpectedRevision), positions };
      } catch (error) {
        // Another writer appended since the read: decide again on the stream as it is now.
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (attempt >= APPEND_ATTEMPTS) throw new ConcurrencyError(streamId, expected, (await this.#streamState(streamId)).version);
      }
    }
  }

  /** The stream's version and the ids stored in it: read whole, since an id may be anywhere in it. */
  async #streamState(streamId: string): Promise<{ version: number; storedIds: Set<string> }> {
    const storedIds = new Set<string>();
    let version = 0;
    for await (const event of recorded(this.#client.readStream(streamId, { fromRevision: FROM_START }))) {
      storedIds.add(event.id);
      version = versionOf(event.revision);
    }
    return { version, storedIds };
  }

  async #positions(streamId: string, fromVersion: number, count: number): Promise<number[]> {
    const positions: number[] = [];
    const read = this.#client.readStream(streamId, { fromRevision: BigInt(fromVersion - 1), maxCount: count });
    for await (const event of recorded(read)) if (event.position) positions.push(positionOf(event.position));
    return positions;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult<E>> {
    // The version first, bounding the events, so the answer is consistent while another writer appends.
    let currentVersion = 0;
    for await (const event of recorded(this.#client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }))) {
      currentVersion = versionOf(event.revision);
    }
    const from = options.fromVersion ?? 1;
    const count = Math.min(options.limit ?? Infinity, currentVersion - from + 1);
    if (count <= 0) return { events: [], currentVersion };
    const events = [];
    for await (const event of recorded(this.#client.readStream(streamId, { fromRevision: BigInt(from - 1), maxCount: count }))) {
      events.push(fromKurrentEvent<E>(this.#registry, event));
    }
    return { events, currentVersion };
  }

  /** The newest event's position, system events aside; undefined when there is none. */
  async #head(): Promise<LogPosition | undefined> {
    const read = this.#client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() });
    for await (const event of recorded(read)) return event.position;
    return undefined;
  }

  /** Events after `after` of `types` (of any type but the system's when absent), at most `limit`. */
  async *#after(after: LogPosition | undefined, types: readonly string[] | undefined, limit: number): AsyncGenerator<KurrentRecordedEvent> {
    const filter = types ? eventTypeFilter({ regex: eventTypesPattern(types) }) : excludeSystemEvents();
    // Reading `$all` from a position includes the event at it: ask for one more and drop it.
    const read = this.#client.readAll({ fromPosition: after ?? FROM_START, maxCount: limit + (after ? 1 : 0), filter });
    let given = 0;
    for await (const event of recorded(read)) {
      if (!event.position || (after && compareLogPositions(event.position, after) <= 0)) continue;
      yield event;
      if (++given >= limit) return;
    }
  }

  /**
   * Events after the checkpoint in `$all` order. The head is read before the page, so when
   * fewer than `limit` come back the checkpoint can move to it, past events of other types,
   * without passing an event appended meanwhile; with nothing new it stays the token it was.
   */
  async readAll(options: ReadAllOptions): Promise<ReadAllResult<E>> {
    const token = options.after ?? START;
    const after = decodeKurrentCheckpoint(token);
    const head = await this.#head();
    const page: KurrentRecordedEvent[] = [];
    if (options.types?.length !== 0) for await (const event of this.#after(after, options.types, options.limit)) page.push(event);
    const caughtUp = page.length < options.limit;
    let next = page.at(-1)?.position ?? after;
    if (caughtUp && head && (!next || compareLogPositions(head, next) > 0)) next = head;
    const events = page.map((event) => fromKurrentEvent<E>(this.#registry, event));
    const moved = next !== undefined && (after === undefined || compareLogPositions(next, after) !== 0);
    return { events, next: next !== undefined && moved ? encodeKurrentCheckpoint(next) : token, caughtUp };
  }

  async readProgress(options: ReadProgressOptions): Promise<ReadProgress> {
    const head = await this.#head();
    let behind = 0;
    if (options.types.length > 0) {
      const after = decodeKurrentCheckpoint(options.after);
      for await (const event of this.#after(after, options.types, options.countLimit ?? Number.MAX_SAFE_INTEGER))
        if (event.position) behind += 1;
    }
    return { headPosition: head ? positionOf(head) : 0, behind };
  }

  /** Waits on a subscription to `$all` from its end, opened at the first wait and again after it drops. */
  waitForEvents(options: { timeoutMs: number; signal?: AbortSignal }): Promise<void> {
    if (!this.#subscription) {
      const subscription = this.#client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      const dropped = () => {
        if (this.#subscription === subscription) this.#subscription = undefined;
        this.#wakeUps.notify(); // it may have missed something: read again
      };
      subscription.on('data', () => this.#wakeUps.notify());
      subscription.on('error', dropped);
      subscription.on('end', dropped);
      this.#subscription = subscription;
    }
    return this.#wakeUps.wait(options);
  }

  async close(): Promise<void> {
    const subscription = this.#subscription;
    this.#subscription = undefined;
    this.#wakeUps.close();
    await subscription?.unsubscribe().catch(() => undefined);
    await this.#client.dispose();
  }
}
