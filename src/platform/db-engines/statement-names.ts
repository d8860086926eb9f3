/** Names for the texts of statements read often; see `statementNames`. */
export interface StatementNames {
  /** The name of this text's prepared statement, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined;
  /** Runs this text unnamed from now on (its prepared statement no longer fits its tables). */
  retire(text: string): void;
}

/**
 * Names for the statements read most, so each server connection parses and plans one once
 * and then only binds and executes it (PostgreSQL's prepared statements, which `pg` makes
 * when a query has a name). Planning is most of what a point read costs the server: the
 * one-fact as-of read runs at about 2.5 times the rate prepared (docs/benchmarks.md).
 *
 * A name stands for one text for the life of the process (`pg` refuses one name for two
 * texts on a connection). Every connection keeps each statement it was given, so only the
 * first `limit` distinct texts are named; later ones, and retired ones, run unnamed.
 */
export function statementNames(limit: number): StatementNames {
  const names = new Map<string, string | undefined>();
  return {
    nameOf(text) {
      if (names.has(text) || names.size >= limit) return names.get(text);
      const name = `imd_read_${names.size + 1}`;
      names.set(text, name);
      return name;
    },
    retire(text) {
      names.set(text, undefined);
    },
  };
}
