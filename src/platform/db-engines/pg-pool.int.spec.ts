import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedTestDatabase, postgres } from '../../../test/support/databases.ts';
import type { Database } from '#platform/db/db';
import { openPgPool } from './pg-pool.ts';

const server = postgres;
const suite = server ? describe : describe.skip;

// A read whose custom plan for `limit 1` costs less than its generic plan, so that PostgreSQL
// left to choose would plan it anew at every run.
const READ = 'select n::text as v from generate_series(1, $1::int) n order by n desc limit $2';

suite(`openPgPool: text reads are prepared once, with a generic plan${server ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  let fresh: OpenedTestDatabase;
  let db: Database;
  beforeAll(async () => {
    fresh = await (server as NonNullable<typeof server>).open();
    // One connection of each kind, so the statements read below were prepared on the connection asked.
    db = await openPgPool(fresh.url as string, { max: 1 });
  });
  afterAll(async () => {
    await db.close();
    await fresh.close();
  });

  it('answers as an unnamed read does', async () => {
    const named = await db.queryText?.(READ, [10, 3]);
    const { rows } = await db.query<{ v: string }>(READ, [10, 3]);
    expect(named?.rows).toEqual(rows.map((row) => [row.v]));
    expect(named?.rows).toEqual([['10'], ['9'], ['8']]);
  });

  it('runs each text read as one prepared statement planned generically from its first run', async () => {
    for (const limit of [1, 1, 1]) await db.queryText?.(READ, [10, limit]);
    const prepared = await db.queryText?.(
      'select name, generic_plans::text, custom_plans::text from pg_prepared_statements where statement = $1',
      [READ],
    );
    // Four runs in all (the test above ran it once), none planned for its values.
    expect(prepared?.rows).toEqual([[expect.stringMatching(/^imd_read_\d+$/), '4', '0']]);
  });

  it("leaves every other statement to PostgreSQL's choice of plan", async () => {
    const { rows } = await db.query<{ mode: string }>(`select current_setting('plan_cache_mode') as mode`);
    expect(rows[0]?.mode).toBe('auto');
    const text = await db.queryText?.(`select current_setting('plan_cache_mode')`, []);
    expect(text?.rows).toEqual([['force_generic_plan']]);
  });

  it('compiles no statement with JIT, on either kind of connection', async () => {
    const { rows } = await db.query<{ jit: string }>(`select current_setting('jit') as jit`);
    expect(rows[0]?.jit).toBe('off');
    expect((await db.queryText?.(`select current_setting('jit')`, []))?.rows).toEqual([['off']]);
    expect(await db.transaction(async (tx) => (await tx.query<{ jit: string }>(`select current_setting('jit') as jit`)).rows[0]?.jit)).toBe(
      'off',
    );
  });

  it('reads on when a table under a prepared statement changes its column types (a rebuild)', async () => {
    await db.query('create table swapped (v int)');
    await db.query('insert into swapped values (1)');
    const read = 'select v from swapped';
    expect((await db.queryText?.(read, []))?.rows).toEqual([['1']]);
    await db.query('alter table swapped alter column v type text');
    expect((await db.queryText?.(read, []))?.rows).toEqual([['1']]);
    expect((await db.queryText?.(read, []))?.rows).toEqual([['1']]);
  });
});
