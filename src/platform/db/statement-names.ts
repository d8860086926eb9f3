/**
 * Names for the statements read most, so each server connection parses and plans one once
 * and then only binds and executes it (PostgreSQL's prepared statements, which `pg` makes
 * when a query has a name). Planning is most of what a point read costs the server: the
 * one-fact as-of read runs at about 2.5 times the rate prepared (docs/benchmarks.md).
 *
 * A name stands for one text for the life of the process (`pg` refuses one name for two
 * texts on a connection). Every connection keeps each statement it was given, so only the
 * first `limit` distinct texts are named; later ones run unnamed, parsed each time.
 */
export function statementNames(limit: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit) return known;
    const name = `imd_read_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}
