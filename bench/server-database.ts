import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const SERVER_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `fn` against a new database on the server, dropped afterwards. */
export async function withServerDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `imd_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The server's version, e.g. `PostgreSQL 15.20 (Debian 15.20-0+deb12u1)`. */
export async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('select version()');
    return /^PostgreSQL [\d.]+( \([^)]*\))?/.exec(rows[0]?.version ?? '')?.[0] ?? 'PostgreSQL';
  } finally {
    await client.end();
  }
}
