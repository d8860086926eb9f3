/**
 * The rows of `table` (as `x` inside, `as` outside) whose `column` equals one of the array
 * parameter `keys` (e.g. `$1::uuid[]`), each key found through the column's index.
 *
 * PGlite keeps no statistics (it runs no autovacuum), so the planner guesses that a key
 * matches 0.5% of a table, and plans `column = any($1)` or a join to `unnest($1)` for a
 * hundred keys as a read of the whole table. A lateral subquery behind `offset 0` cannot be
 * flattened into a join: each key is one index probe, whatever the table's size. A slice
 * of a large derivation reads only what its keys name (docs/adr/0013-deferred-projection-work.md).
 */
export const keyedRows = (table: string, column: string, keys: string, as: string, select = 'x.*'): string =>
  `unnest(${keys}) as ${as}_key(key) cross join lateral (select ${select} from ${table} x where x.${column} = ${as}_key.key offset 0) ${as}`;

/**
 * A condition for a delete or an update of `table` (named `as` there) to the rows `keyedRows`
 * finds, by their row ids: a scan of those ids, not of the table. Row ids are safe here: one
 * runner writes the projection's tables at a time (it holds the checkpoint row).
 */
export const withKeys = (table: string, as: string, column: string, keys: string): string =>
  `${as}.ctid = any(array(select k.row_id from ${keyedRows(table, column, keys, 'k', 'x.ctid as row_id')}))`;
