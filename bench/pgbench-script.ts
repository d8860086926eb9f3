/** What pgbench needs to run an API statement: its text with the values inlined, and the server in PG* variables. */

/** A statement with its parameters written in as literals (the benchmark's own constants: UUIDs, names, dates, numbers). */
export function inlineParameters(text: string, values: readonly unknown[]): string {
  const literal = (value: unknown): string => {
    if (Array.isArray(value)) return `array[${value.map((v) => literal(v)).join(',')}]::text[]`;
    if (value === null) return 'null';
    if (typeof value === 'string' || typeof value === 'number') return `'${String(value).replaceAll("'", "''")}'`;
    throw new Error(`unexpected parameter ${JSON.stringify(value)}`);
  };
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(values[Number(n) - 1])).replace(/\s+/g, ' ');
}

/** The environment that points pgbench (libpq) at the database of `url`. */
export function pgbenchEnv(url: string): NodeJS.ProcessEnv {
  const target = new URL(url);
  return {
    ...process.env,
    PGHOST: target.hostname,
    PGPORT: target.port || '5432',
    PGUSER: decodeURIComponent(target.username) || 'postgres',
    PGDATABASE: target.pathname.slice(1),
  };
}
