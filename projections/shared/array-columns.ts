import { toPgArray } from '#platform/db';

/**
 * Shared by the projection slices (a slice imports this folder and projections/companies,
 * never another slice): rows written column by column, one array parameter per column,
 * through `unnest($1::type[], ...)`, from a list of `[name, SQL type, value of a row]`.
 */
type NamedColumn = readonly [name: string, type: string, ...rest: readonly unknown[]];

/** An array column: its name, its SQL type, and its value in a row. */
export type ArrayColumn<T> = readonly [name: string, type: string, value: (row: T) => Parameters<typeof toPgArray>[0][number]];

/** The columns' names, for an insert's column list. */
export const columnList = (columns: readonly NamedColumn[]): string => columns.map(([name]) => name).join(', ');

/** `$n::type[]` for each column, numbered from `first`: the arguments of `unnest(...)`. */
export const arrayParams = (columns: readonly NamedColumn[], first = 1): string =>
  columns.map(([, type], i) => `$${i + first}::${type}[]`).join(', ');

/** One array literal per column, of the rows' values in it: the parameters `arrayParams` names. */
export const columnArrays = <T>(columns: readonly ArrayColumn<T>[], rows: readonly T[]): string[] =>
  columns.map(([, , value]) => toPgArray(rows.map(value)));
