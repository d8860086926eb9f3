import type { Database } from '#platform/db';
import { CheckpointMovedError } from '#platform/errors';
import type { AnyEvent, EventStore } from '#platform/event-store';
import { defaultBatchSize } from './catch-up.ts';
import { ensureProjection } from './checkpoints.ts';
import { announceProjectionChange } from './projection-changes.ts';
import { createProjectionCursor } from './projection-cursor.ts';
import { type Projection, quoteIdentifier } from './projection.ts';
import { discardShadow, type ShadowBuild, shadowBuildOf, shadowTables } from './shadow-build.ts';
import { isSwapContention, swapInShadow } from './swap-in-shadow.ts';

/** How long the swap waits for readers by default: below PostgreSQL's default deadlock_timeout of 1 s. */
export const DEFAULT_SWAP_LOCK_TIMEOUT_MS = 500;
/** Swaps tried before a rebuild gives up (each after catching up again). */
export const SWAP_ATTEMPTS = 20;

export interface RebuildProgress {
  /** `building`: after each batch into the new tables; `swapping`: right before each swap attempt. */
  readonly phase: 'building' | 'swapping';
  /** Events projected into the new tables so far. */
  readonly projected: number;
}

export interface RebuildOptions {
  readonly batchSize?: number | undefined;
  /** The longest each swap attempt waits for readers to let go of the live tables. */
  readonly swapLockTimeoutMs?: number;
  readonly onProgress?: (progress: RebuildProgress) => void | Promise<void>;
}

export interface RebuildResult {
  /** Events projected into the new tables, the last of them inside the swap. */
  readonly projected: number;
  readonly swapAttempts: number;
}

async function catchUpShadow<E extends AnyEvent>(
  db: Database,
  store: EventStore<E>,
  shadow: ShadowBuild<E>,
  batchSize: number,
  report: (projected: number) => Promise<void>,
): Promise<number> {
  const cursor = createProjectionCursor(db, store, shadow.projection, batchSize);
  let projected = 0;
  for (;;) {
    try {
      const result = await cursor.step();
      projected += result.projected;
      if (result.projected > 0) await report(projected);
      if (result.caughtUp) return projected;
    } catch (error) {
      if (!(error instanceof CheckpointMovedError)) throw error;
    }
  }
}

/**
 * Rebuilds a projection from position 0 while its live tables keep serving (blue/green):
 * the new tables are built under the same names in a schema of their own
 * (`rebuild_<name>`, see shadow-build.ts) with a checkpoint of their own (`<name>@rebuild`),
 * analysed, caught up again, and swapped in with the checkpoint in one transaction
 * (swap-in-shadow.ts). Readers see the old rows until the commit and the new ones after it,
 * never an error or an empty table; the dataset stays `live` throughout. The live projector
 * keeps the old tables current meanwhile; events appended at any point are in the new
 * tables, or after the new checkpoint for the live projector to apply.
 *
 * A crash leaves the live tables as they were; the next rebuild discards what this one left.
 * A swap that cannot take the live tables within `swapLockTimeoutMs` (long readers) is
 * tried again, `SWAP_ATTEMPTS` times in all, before the rebuild fails with the new tables kept
 * aside (the next rebuild starts over).
 */
export async function rebuildProjection<E extends AnyEvent>(
  db: Database,
  store: EventStore<E>,
  projection: Projection<E>,
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const batchSize = options.batchSize ?? defaultBatchSize(db);
  const report = (phase: RebuildProgress['phase']) => async (projected: number) => options.onProgress?.({ phase, projected });
  await ensureProjection(db, projection);
  await discardShadow(db, projection);
  const shadow = shadowBuildOf(projection);
  await ensureProjection(db, shadow.projection);

  let projected = await catchUpShadow(db, store, shadow, batchSize, report('building'));
  // Fresh tables have no statistics yet; without them the first reads after the swap could plan badly.
  for (const table of await shadowTables(db, shadow.schema)) {
    await db.query(`analyze ${quoteIdentifier(shadow.schema)}.${quoteIdentifier(table)}`);
  }
  for (let attempt = 1; ; attempt++) {
    projected += await catchUpShadow(db, store, shadow, batchSize, async (n) => report('building')(projected + n));
    await report('swapping')(projected);
    try {
      projected += await swapInShadow(db, store, projection, shadow, {
        batchSize,
        engine: db.kind,
        lockTimeoutMs: options.swapLockTimeoutMs ?? DEFAULT_SWAP_LOCK_TIMEOUT_MS,
      });
      announceProjectionChange(projection.name);
      return { projected, swapAttempts: attempt };
    } catch (error) {
      if (!isSwapContention(error)) throw error;
      if (attempt >= SWAP_ATTEMPTS) {
        throw new Error(
          `could not swap in the rebuilt ${projection.name} tables: readers held the live ones longer than ` +
            `${options.swapLockTimeoutMs ?? DEFAULT_SWAP_LOCK_TIMEOUT_MS} ms in ${attempt} attempts; the live tables are unchanged`,
          { cause: error },
        );
      }
    }
  }
}
