/** What decides between two versions of one candle or quote: the provenance of each. */
export interface Version {
  /** Epoch milliseconds of the version's file_known_at: when its whole file was knowable. */
  readonly knownAtMs: number;
  readonly sourceDocument: string;
  readonly parserVersion: number;
}

/**
 * Whether `next` replaces `held` for the same key: a version from a file known later wins; among equals
 * the greater source hash, then the higher parser version (a re-parse of the same file).
 * A total order, so the result never depends on the order versions arrive in, and the
 * same version delivered twice replaces itself (an idempotent upsert).
 *
 * The table's upsert applies the same order in SQL (`WINNER_SQL`).
 */
export function replaces(next: Version, held: Version): boolean {
  if (next.knownAtMs !== held.knownAtMs) return next.knownAtMs > held.knownAtMs;
  if (next.sourceDocument !== held.sourceDocument) return next.sourceDocument > held.sourceDocument;
  return next.parserVersion >= held.parserVersion;
}

/**
 * The same order for `on conflict do update ... where`. Text comparison in SQL must match
 * JavaScript's code-unit order, hence `collate "C"` (hashes are lower-case hex anyway).
 */
export function winnerSql(table: string): string {
  return `(excluded.file_known_at, excluded.source_document collate "C", excluded.parser_version)
          >= (${table}.file_known_at, ${table}.source_document collate "C", ${table}.parser_version)`;
}
