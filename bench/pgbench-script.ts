/** What pgbench needs to run an API statement: its text with the values inlined, and the server in PG* variables. */

/** SQL text to stand for a parameter as it is (a pgbench variable, a subquery), rather than as a literal. */
interface RawSql {
  readonly rawSql: string;
}

const rawSql = (sql: string): RawSql => ({ rawSql: sql });

const isRawSql = (value: unknown): value is RawSql => typeof value === 'object' && value !== null && 'rawSql' in value;

/** A statement with its parameters written in as literals (the benchmark's own constants: UUIDs, names, dates, numbers). */
export function inlineParameters(text: string, values: readonly unknown[]): string {
  const literal = (value: unknown): string => {
    if (isRawSql(value)) return value.rawSql;
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

/** The table `randomCompanyScript` reads a company's id from by its number: `(n, company_id)`. */
export const BENCH_COMPANY_IDS = 'bench_company_ids';

/**
 * A pgbench script that runs `statement` for a company drawn at random, uniformly, from
 * `companies` (numbered from 0) for each transaction: `\\set n random(...)`, then the
 * statement with the parameter at `companyParam` (0-based) replaced by a scalar subquery on
 * the primary key of `BENCH_COMPANY_IDS`, company n's id, where the API sends the id itself.
 */
export function randomCompanyScript(companies: number, statement: { text: string; values: readonly unknown[] }, companyParam = 0): string {
  const values = statement.values.map((value, i) =>
    i === companyParam ? rawSql(`(select company_id from ${BENCH_COMPANY_IDS} where n = :n)`) : value,
  );
  return `\\set n random(0, ${companies - 1})\n${inlineParameters(statement.text, values)};\n`;
}
