import type { SqlExecutor } from '#platform/db';

/** Names at least this similar (pg_trgm `similarity`) are candidates. */
export const SIMILARITY_THRESHOLD = 0.3;
/** Or whose best-matching stretch is at least this similar to the query (`word_similarity`). */
export const WORD_SIMILARITY_THRESHOLD = 0.4;

/**
 * Runs `fn` in a transaction whose pg_trgm thresholds are ours. The `%` and `<%` operators
 * read these settings, and only operators (not the similarity functions) can use a trigram
 * index; `set_config(..., true)` keeps them local to the transaction, so pooled connections
 * are left as they were.
 */
export function withTrigramThresholds<T>(db: SqlExecutor, fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('pg_trgm.similarity_threshold', $1, true), set_config('pg_trgm.word_similarity_threshold', $2, true)`,
      [String(SIMILARITY_THRESHOLD), String(WORD_SIMILARITY_THRESHOLD)],
    );
    return fn(tx);
  });
}
