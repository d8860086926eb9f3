import type { DomainEvent } from '#schemas/events';
import type { Database, SqlExecutor } from '#platform/db';
import type { AnyEvent, StoredEvent } from '#platform/event-store';

/**
 * A read model built from events. The runtime in `src/platform/projector` owns checkpoints,
 * catch-up and rebuilds; a projection only says which events it handles, which tables it
 * owns, and how a batch of events changes them.
 *
 * `evolve` runs inside the transaction that also moves the checkpoint, so a batch is
 * applied exactly once or not at all. Events arrive in commit order; a projection whose
 * result must not depend on arrival order (facts) makes it so itself.
 *
 * Bumping `version` builds the new tables (`rm_<name>_v<version>`) from position 0 beside
 * the old ones and drops the old ones once the new version has caught up.
 *
 * `prepare` is optional pure, CPU-only work on a batch (building rows, serialising
 * parameters). The runtime calls it on the next batch while the current one is being
 * written, so the database and this process work at the same time, and passes its result
 * to `evolve`.
 *
 * A batch whose work is too large for one transaction (readers wait for it on PGlite's one
 * connection) may be finished in several: `evolve` records what is left in the projection's
 * own tables and returns `'more'`; the runtime then calls `resume`, each call in a
 * transaction of its own, until it returns `'done'`, and moves the checkpoint past the
 * batch only in that last transaction (docs/adr/0013-deferred-projection-work.md).
 *
 * A projection that sets `joinsDeferredWork` lets later batches be applied while that work is
 * unfinished, when they are already stored: `evolve` is then called with `deferred: true`,
 * records what the batch changes beside the work left, and leaves all of it to `resume`; the
 * checkpoint moves past every joined batch when the work is done (ADR 17). Work that is the
 * same function of the sources whatever batches it covers (a derivation from current claims)
 * is then done once for a run of batches instead of once for each.
 */
export interface Projection<E extends AnyEvent = DomainEvent, P = unknown> {
  readonly name: string;
  readonly version: number;
  readonly handles: readonly E['type'][];
  /** Every read table the projection owns; a rebuild swaps in new ones (rebuild.ts). */
  readonly tables: readonly string[];
  /**
   * Creates the tables and indexes; must be safe to run on an existing set. Names stay
   * unqualified, and only tables with their indexes and constraints are created: a rebuild
   * runs it with a schema of its own first on the search path, and moves the tables out of it.
   */
  setup(tx: SqlExecutor): Promise<void>;
  /**
   * At most this many events in one transaction on each engine, whatever batch size the runner
   * was given: a projection whose events are heavy (prices: hundreds of candles each) keeps
   * each of its transactions, and each read of its events, short. Embedded PGlite is one
   * connection, so an API read waits for whichever of them is running; a server's readers do
   * not wait, and there the bound is the batch's memory.
   */
  readonly maxBatchSize?: Readonly<Record<StepContext['engine'], number>>;
  prepare?(events: readonly StoredEvent<E>[]): P;
  evolve(tx: SqlExecutor, events: readonly StoredEvent<E>[], prepared: P | undefined, context?: EvolveContext): Promise<void | Progress>;
  /** Does the next bounded part of the work a batch left (`evolve` returned `'more'`); says whether any is left. */
  resume?(tx: SqlExecutor, context?: StepContext): Promise<Progress>;
  /** Later batches may join the work an earlier one left (see above); only with `resume`. */
  readonly joinsDeferredWork?: boolean;
}

/**
 * What the runtime tells a projection of the transaction it runs in: the engine, whose one
 * connection (PGlite) a long transaction holds from every reader, or whose readers (a
 * server) do not wait for it, so a step of deferred work may be larger there.
 */
export interface StepContext {
  readonly engine: Database['kind'];
}

/** What the runtime tells `evolve` of the batch it applies. */
export interface EvolveContext extends StepContext {
  /** An earlier batch's work is unfinished: this batch joins it, and what it changes is left to `resume`. */
  readonly deferred: boolean;
}

/** Whether a batch's work is finished (`'done'`) or left in part for the next transaction (`'more'`). */
export type Progress = 'done' | 'more';

/** Quotes a read-table or schema name for DDL; names come from code, never from input. */
export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid identifier ${name}`);
  return `"${name}"`;
}

/** Quotes read-table names for DDL; they come from code, never from input. */
export function quoteTables(tables: readonly string[]): string {
  return tables.map(quoteIdentifier).join(', ');
}
