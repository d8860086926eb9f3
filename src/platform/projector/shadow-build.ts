import type { SqlExecutor } from '#platform/db';
import type { AnyEvent } from '#platform/event-store';
import { quoteIdentifier, type Projection, type StepContext } from './projection.ts';

/**
 * A rebuild's new tables, built beside the live ones: the projection's own `setup` and
 * `evolve`, run with a schema of the rebuild's first on the search path, so the unqualified
 * table names they use create and fill tables of the same names there while the live tables
 * keep serving. Indexes and constraints are created by `setup` as for the live tables, so
 * they come along when the tables are moved into place (`swapInShadow`). The DDL text is the
 * projection's, unchanged.
 *
 * Names the projection does not create (es_* tables, other projections' tables, extension
 * operators) resolve through the rest of the search path as usual.
 */
export interface ShadowBuild<E extends AnyEvent> {
  /** The schema that holds the new tables until the swap. */
  readonly schema: string;
  /**
   * The projection as the projector runs it into the schema: its own checkpoint row (under
   * `<name>@rebuild`), and no tables of its own to retire (they are swapped in, not dropped).
   */
  readonly projection: Projection<E>;
}

export const shadowSchemaOf = (projection: Projection<AnyEvent>): string => `rebuild_${projection.name}`;
export const shadowNameOf = (projection: Projection<AnyEvent>): string => `${projection.name}@rebuild`;

/**
 * Runs `fn` with `schema` first on the search path, then restores it (the change is local
 * to the transaction in any case). If the schema is gone, it throws instead of letting the
 * unqualified names fall through to the live tables.
 */
export async function inSchema<T>(tx: SqlExecutor, schema: string, fn: () => Promise<T>): Promise<T> {
  const { rows } = await tx.query<{ path: string; present: boolean }>(
    `select current_setting('search_path') as path, to_regnamespace($1) is not null as present`,
    [quoteIdentifier(schema)],
  );
  const row = rows[0];
  if (!row?.present) throw new Error(`the rebuild schema ${schema} is gone: another rebuild discarded it`);
  await tx.query(`select set_config('search_path', $1, true)`, [`${quoteIdentifier(schema)}, ${row.path}`]);
  const result = await fn();
  await tx.query(`select set_config('search_path', $1, true)`, [row.path]);
  return result;
}

export function shadowBuildOf<E extends AnyEvent>(projection: Projection<E>): ShadowBuild<E> {
  const schema = shadowSchemaOf(projection);
  const resume = projection.resume?.bind(projection);
  const shadow: Projection<E> = {
    ...projection,
    name: shadowNameOf(projection),
    tables: [],
    async setup(tx) {
      await tx.query(`create schema if not exists ${quoteIdentifier(schema)}`);
      await inSchema(tx, schema, () => projection.setup(tx));
    },
    evolve: (tx, events, prepared, context) => inSchema(tx, schema, () => projection.evolve(tx, events, prepared, context)),
    // The projection's own, spread above, would write the live tables.
    ...(resume ? { resume: (tx: SqlExecutor, context?: StepContext) => inSchema(tx, schema, () => resume(tx, context)) } : {}),
  };
  return { schema, projection: shadow };
}

/**
 * Drops what an earlier rebuild of this projection left (it was interrupted, or built with
 * other code): a rebuild always starts from position 0. The checkpoint row goes first, so a
 * batch of another runner still writing there finishes before the schema is dropped, and a
 * later one finds its checkpoint moved.
 */
export async function discardShadow(db: SqlExecutor, projection: Projection<AnyEvent>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from es_checkpoints where projection = $1', [shadowNameOf(projection)]);
    await tx.query(`drop schema if exists ${quoteIdentifier(shadowSchemaOf(projection))} cascade`);
  });
}

/** Tables the rebuild has built in its schema, by name. */
export async function shadowTables(tx: SqlExecutor, schema: string): Promise<string[]> {
  const { rows } = await tx.query<{ tablename: string }>(
    'select tablename::text as tablename from pg_tables where schemaname = $1 order by tablename',
    [schema],
  );
  return rows.map((row) => row.tablename);
}
