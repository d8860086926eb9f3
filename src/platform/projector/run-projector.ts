import type { Database } from '#platform/db';
import { CheckpointMovedError } from '#platform/errors';
import type { AnyEvent, EventStore } from '#platform/event-store';
import { defaultBatchSize } from './catch-up.ts';
import { ensureProjection, recordProjectionError } from './checkpoints.ts';
import { createProjectionCursor } from './projection-cursor.ts';
import type { Projection } from './projection.ts';
import { keepStatisticsCurrent } from './table-statistics.ts';

export interface ProjectorLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RunProjectorOptions<E extends AnyEvent> {
  readonly db: Database;
  readonly store: EventStore<E>;
  readonly projections: readonly Projection<E>[];
  readonly signal: AbortSignal;
  readonly batchSize?: number | undefined;
  /** Longest wait between reads when no notification arrives. */
  readonly idleTimeoutMs?: number;
  readonly logger?: ProjectorLogger;
}

const MAX_BACKOFF_MS = 60_000;

/**
 * Keeps every projection caught up until `signal` aborts. A projection whose batch fails
 * is retried with exponential backoff and its error is recorded on its checkpoint; it is
 * never skipped past, because a read table with a silent hole is worse than a late one.
 * Other projections keep running. The planner's statistics of the tables they write are kept
 * current as they fill (table-statistics.ts).
 */
export async function runProjector<E extends AnyEvent>(options: RunProjectorOptions<E>): Promise<void> {
  const { db, store, projections, signal } = options;
  const batchSize = options.batchSize ?? defaultBatchSize(options.db);
  const retryAt = new Map<string, { at: number; delay: number }>();
  for (const projection of projections) await ensureProjection(db, projection);
  const runners = projections.map((projection) => ({
    projection,
    cursor: createProjectionCursor(db, store, projection, batchSize),
  }));
  const statistics = keepStatisticsCurrent(
    db,
    projections.flatMap((projection) => projection.tables),
    (error) => options.logger?.error({ err: error }, 'analysing read tables failed'),
  );

  while (!signal.aborted) {
    let busy = false;
    for (const { projection, cursor } of runners) {
      if (signal.aborted) break;
      const retry = retryAt.get(projection.name);
      if (retry && Date.now() < retry.at) continue;
      try {
        const result = await cursor.step();
        retryAt.delete(projection.name);
        busy ||= !result.caughtUp;
        // A step that applied events, or did part of a batch's deferred work, wrote to the tables.
        if (result.projected > 0 || !result.caughtUp) statistics.changed();
      } catch (error) {
        if (error instanceof CheckpointMovedError) {
          busy = true;
          continue;
        }
        const delay = Math.min((retry?.delay ?? 500) * 2, MAX_BACKOFF_MS);
        retryAt.set(projection.name, { at: Date.now() + delay, delay });
        options.logger?.error({ err: error, projection: projection.name, retryInMs: delay }, 'projection failed');
        await recordProjectionError(db, projection, error).catch(() => undefined);
      }
    }
    if (signal.aborted) break;
    await statistics.maybeCheck(!busy);
    if (!busy) await store.waitForEvents({ timeoutMs: options.idleTimeoutMs ?? 1_000, signal });
  }
}
