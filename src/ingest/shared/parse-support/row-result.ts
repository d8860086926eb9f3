import type { Problem } from '#ingest/shared/parser';

/** One row read: its value, or the problem that makes it unusable. */
export type RowResult<R> = { readonly ok: true; readonly row: R } | { readonly ok: false; readonly problem: Problem };

/** The failure of the row at `where`. */
export const rowProblem = (where: string, message: string) => ({ ok: false as const, problem: { where, message } });
