import type { Database, SqlExecutor } from '#platform/db';
import type { AnyEvent, Checkpoint, EventStore, ReadAllResult } from '#platform/event-store';
import {
  advanceCheckpoint,
  continueDeferred,
  deferCheckpoint,
  type DeferredBatch,
  ensureProjection,
  holdCheckpoint,
  joinDeferred,
  readCheckpoint,
  retireOlderVersions,
} from './checkpoints.ts';
import { announceProjectionChange } from './projection-changes.ts';
import type { Projection } from './projection.ts';

export interface BatchResult {
  readonly projected: number;
  readonly caughtUp: boolean;
}

/** Reads one projection's events and applies them batch by batch. */
export interface ProjectionCursor {
  step(): Promise<BatchResult>;
}

interface Batch<E extends AnyEvent> {
  readonly page: ReadAllResult<E>;
  readonly prepared: unknown;
}

interface Prefetch<E extends AnyEvent> {
  readonly after: Checkpoint;
  readonly batch: Promise<Batch<E>>;
}

/** Events per transaction: the runner's batch size, or the projection's own limit if lower. */
export const batchLimit = (projection: Projection<AnyEvent>, batchSize: number, engine: Database['kind']): number =>
  Math.max(1, Math.min(batchSize, projection.maxBatchSize?.[engine] ?? batchSize));

/**
 * Batches that may join one unfinished batch's work (`joinsDeferredWork`): the work is done
 * at the latest after this many batches' events are applied, however fast events arrive.
 */
export const JOINED_BATCHES = 100;

/**
 * What every transaction that writes read tables sets first. A projection commit lost in a
 * crash is projected again from the event store, so it need not wait for its WAL flush; the
 * checkpoint commits with the rows or not at all. And the rows it changes are counted in the
 * database's statistics as it commits, not up to 10 s later when its connection has been idle
 * (PostgreSQL's PGSTAT_IDLE_INTERVAL), so that the check for tables to analyse after it sees
 * them (table-statistics.ts).
 */
async function beginProjectionTransaction(tx: SqlExecutor): Promise<void> {
  await tx.query('set local synchronous_commit = off');
  await tx.query('select pg_stat_force_next_flush()');
}

/**
 * Each step reads the next batch after the projection's checkpoint and applies it: the
 * read tables and the checkpoint change in one transaction, so a crash anywhere loses
 * nothing and the next run starts again from the last committed checkpoint.
 *
 * A batch the projection finishes in several transactions (its `evolve` returns `'more'`)
 * leaves the checkpoint where it was, marked deferred; each following step does the next
 * part (`resume`) in a transaction of its own, and the one that finishes it moves the
 * checkpoint. Until then the projection is not caught up, and no later batch is applied,
 * unless the projection `joinsDeferredWork`: then the batches already stored after it (up to
 * JOINED_BATCHES batches' events) are applied first, each adding to the work, and the work is
 * done once for all of them (ADR 17).
 *
 * While a batch is being applied, the next one is already being read (on a server, over
 * another connection) and prepared. It is used only if the checkpoint it was read from is
 * the one the step finds; otherwise it is dropped and read again.
 */
export function createProjectionCursor<E extends AnyEvent>(
  db: Database,
  store: EventStore<E>,
  projection: Projection<E>,
  batchSize: number,
): ProjectionCursor {
  let prefetch: Prefetch<E> | undefined;
  const limit = batchLimit(projection, batchSize, db.kind);
  // Where deferred work last found no batch stored after it: it is not looked for again there.
  let nothingAfter: Checkpoint | undefined;
  const read = async (after: Checkpoint): Promise<Batch<E>> => {
    const page = await store.readAll({ after, limit, types: projection.handles });
    const prepared = page.events.length > 0 ? projection.prepare?.(page.events) : undefined;
    return { page, prepared };
  };
  /** The batch after `after`: the one read ahead if it was read from there, else read now. */
  const batchAfter = (after: Checkpoint): Promise<Batch<E>> => {
    const ready = prefetch?.after === after ? prefetch.batch : undefined;
    prefetch = undefined;
    return ready ?? read(after);
  };
  /** Starts reading the batch after `page` while it is applied, unless the store had no more. */
  const readAhead = (page: ReadAllResult<E>): void => {
    if (page.caughtUp) return;
    const next = read(page.next);
    next.catch(() => undefined); // a failed prefetch is simply read again by the next step
    prefetch = { after: page.next, batch: next };
  };

  const resume = async (from: Checkpoint, deferred: DeferredBatch): Promise<BatchResult> => {
    const next = projection.resume?.bind(projection);
    if (!next) throw new Error(`projection ${projection.name} has a deferred batch and no resume`);
    const progress = await db.transaction(async (tx) => {
      await beginProjectionTransaction(tx);
      await holdCheckpoint(tx, projection, from, deferred.to);
      const progress = await next(tx, { engine: db.kind });
      await continueDeferred(tx, projection, from, progress === 'done');
      return progress;
    });
    announceProjectionChange(projection.name);
    return { projected: progress === 'done' ? deferred.events : 0, caughtUp: false };
  };

  /** Applies a batch stored after an unfinished batch's work, adding to the work. */
  const join = async (from: Checkpoint, deferred: DeferredBatch, { page, prepared }: Batch<E>): Promise<BatchResult> => {
    await db.transaction(async (tx) => {
      await beginProjectionTransaction(tx);
      await holdCheckpoint(tx, projection, from, deferred.to);
      await projection.evolve(tx, page.events, prepared, { deferred: true, engine: db.kind });
      await joinDeferred(tx, projection, from, deferred.to, page.next, page.events.length);
    });
    announceProjectionChange(projection.name);
    return { projected: 0, caughtUp: false };
  };

  /** The batch stored after unfinished work, when the projection lets it join the work and one is. */
  const joining = async (deferred: DeferredBatch): Promise<Batch<E> | undefined> => {
    if (!projection.joinsDeferredWork || nothingAfter === deferred.to || deferred.events >= JOINED_BATCHES * limit) return undefined;
    const batch = await batchAfter(deferred.to);
    if (batch.page.events.length > 0) {
      readAhead(batch.page);
      return batch;
    }
    nothingAfter = deferred.to;
    return undefined;
  };

  return {
    async step() {
      let state = await readCheckpoint(db, projection);
      if (!state) {
        await ensureProjection(db, projection);
        state = await readCheckpoint(db, projection);
      }
      if (!state) throw new Error(`projection ${projection.name} has no checkpoint after set-up`);
      const from = state.checkpoint;
      if (state.deferred) {
        const batch = await joining(state.deferred);
        return batch ? join(from, state.deferred, batch) : resume(from, state.deferred);
      }
      const { page, prepared } = await batchAfter(from);
      const becomesLive = page.caughtUp && state.status !== 'live';
      if (page.events.length === 0 && page.next === from && !becomesLive) {
        return { projected: 0, caughtUp: page.caughtUp };
      }
      readAhead(page);
      const progress = await db.transaction(async (tx) => {
        await beginProjectionTransaction(tx);
        await holdCheckpoint(tx, projection, from, null);
        const progress =
          page.events.length > 0 ? await projection.evolve(tx, page.events, prepared, { deferred: false, engine: db.kind }) : undefined;
        if (progress === 'more') {
          await deferCheckpoint(tx, projection, from, page.next, page.events.length);
          return progress;
        }
        await advanceCheckpoint(tx, projection, from, page.next, page.events.length, page.caughtUp);
        if (becomesLive) await retireOlderVersions(tx, projection);
        return 'done';
      });
      announceProjectionChange(projection.name);
      if (progress === 'more') return { projected: 0, caughtUp: false };
      return { projected: page.events.length, caughtUp: page.caughtUp };
    },
  };
}
