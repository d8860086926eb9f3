import type { Database } from '#platform/db';
import { quoteIdentifier } from './projection.ts';

/**
 * Brings the planner's statistics of read tables up to date once enough of a table has changed
 * since it was last analysed, by PostgreSQL's own rule for autovacuum: more rows changed than
 * `autovacuum_analyze_threshold` + `autovacuum_analyze_scale_factor` × the rows it had then
 * (50 + 10% by default), read from the database's settings. Embedded PGlite has no autovacuum,
 * and a server may run with it off (or a minute behind a large ingest): without this, tables
 * filled after their first analysis keep the statistics of an empty table, and reads plan as if
 * they were (docs/database.md#statistics).
 *
 * The counts come from `pg_stat_user_tables`. Every projection transaction asks for its own
 * to be reported as it commits (projection-cursor.ts); PGlite's one backend reports only when
 * asked, so it is asked again here.
 *
 * Returns the tables analysed. Table names are those of projections (code, never input),
 * unqualified, in the current schema.
 */
export async function analyzeChangedTables(db: Database, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  if (db.kind === 'pglite') await db.query('select pg_stat_force_next_flush()');
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name
       from pg_class c join pg_stat_user_tables s on s.relid = c.oid
      where c.relnamespace = current_schema()::regnamespace
        and c.relname = any($1::text[])
        and s.n_mod_since_analyze >= current_setting('autovacuum_analyze_threshold')::float8
              + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
      order by c.relname`,
    [tables],
  );
  for (const { name } of rows) {
    if (db.kind === 'postgres') await db.query(`analyze ${quoteIdentifier(name)}`);
    else {
      await db.transaction(async (tx) => {
        await tx.query(`set local default_statistics_target = ${PGLITE_STATISTICS_TARGET}`);
        await tx.query(`analyze ${quoteIdentifier(name)}`);
      });
    }
  }
  return rows.map((row) => row.name);
}

/**
 * The statistics target of an analysis on embedded PGlite (PostgreSQL's default is 100). An
 * analysis reads 300 × the target rows of the table into memory, and PGlite's memory never
 * shrinks once grown; it also holds the one connection every read waits for meanwhile. A
 * tenth of the sample keeps both small, and the embedded tables are small enough to be
 * described by it (docs/database.md#statistics).
 */
export const PGLITE_STATISTICS_TARGET = 10;

/** How often, at most, a projector that keeps projecting looks for tables to analyse. */
export const STATISTICS_CHECK_MS = 10_000;

export interface StatisticsKeeper {
  /** Says that projections wrote to their tables: a check is due. */
  changed(): void;
  /**
   * Analyses what has changed enough, if a check is due: while the projector keeps projecting,
   * STATISTICS_CHECK_MS after the last; as soon as it is idle (`settled`).
   */
  maybeCheck(settled: boolean): Promise<void>;
}

/**
 * Keeps the statistics of `tables` current for a projector that runs until stopped. A failed
 * check is reported and made again after the next change: a table with stale statistics is
 * slower to read, never wrong, so it never stops the projector.
 */
export function keepStatisticsCurrent(db: Database, tables: readonly string[], onError: (error: unknown) => void): StatisticsKeeper {
  let dirty = false;
  let lastCheck = Date.now();
  return {
    changed() {
      dirty = true;
    },
    async maybeCheck(settled) {
      if (!dirty || (!settled && Date.now() - lastCheck < STATISTICS_CHECK_MS)) return;
      dirty = false;
      lastCheck = Date.now();
      try {
        await analyzeChangedTables(db, tables);
      } catch (error) {
        onError(error);
      }
    },
  };
}
