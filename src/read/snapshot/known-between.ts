import type { SqlExecutor } from '#platform/db';
import { istDateOf } from '#platform/time';

/**
 * Whether `table` holds a row whose `column` (an instant, `known_at` by default) falls after
 * `from` and at or before `to`: something became knowable between two snapshots. `table` and
 * `column` come from code, never input.
 */
export async function anyBetween(db: SqlExecutor, table: string, from: string, to: string, column = 'known_at'): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `select exists(select 1 from ${table} where ${column} > $1::timestamptz and ${column} <= $2::timestamptz) as found`,
    [from, to],
  );
  return rows[0]?.found === true;
}

/** Whether `table` holds a row whose date `column` falls after the day of `from` and on or before the day of `to`. */
export async function anyDayBetween(db: SqlExecutor, table: string, column: string, from: string, to: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `select exists(select 1 from ${table} where ${column} > $1::date and ${column} <= $2::date) as found`,
    [istDateOf(from), istDateOf(to)],
  );
  return rows[0]?.found === true;
}
