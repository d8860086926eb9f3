import { afterAll, beforeAll, expect, it } from 'vitest';
import { describe } from 'vitest';
import type { Database } from '#platform/db/db';
import { loadMigrations, migrate } from '#platform/db/migrate';
import { openPglite } from '#platform/pglite/pglite';
import { domainEventRegistry } from '#platform/event-store/domain-event-store';
import { checkpointOf } from '#platform/event-store/event-store';
import { PostgresEventStore } from '#platform/event-store/postgres-event-store';

describe('checkpoints kept before they became tokens (migration 0008) [pglite]', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    // A data folder of the release before: checkpoints as (transaction_id, global_position).
    await migrate(
      db,
      (await loadMigrations()).filter((m) => m.version < 8),
    );
    await db.query(
      `insert into es_checkpoints (projection, version, transaction_id, global_position, status, tables) values
         ('fresh', 1, '0', 0, 'rebuilding', '{}'),
         ('moved', 2, '1234', 56, 'live', '{rm_moved_v2}')`,
    );
    await migrate(db);
  });
  afterAll(() => db.close());

  it('keeps every checkpoint as the PostgreSQL store token for the same place', async () => {
    const { rows } = await db.query<{ projection: string; checkpoint: string; status: string }>(
      'select projection, checkpoint, status from es_checkpoints order by projection',
    );
    expect(rows).toEqual([
      { projection: 'fresh', checkpoint: 'start', status: 'rebuilding' },
      { projection: 'moved', checkpoint: 'pg:1234:56', status: 'live' },
    ]);
    const { rows: columns } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'es_checkpoints' and column_name in ('transaction_id', 'global_position')`,
    );
    expect(columns).toEqual([]);
  });

  it('gives the store tokens it reads on from', async () => {
    const store = new PostgresEventStore(db, domainEventRegistry);
    const page = await store.readAll({ after: checkpointOf('pg:1234:56'), limit: 10 });
    expect(page).toEqual({ events: [], next: 'pg:1234:56', caughtUp: true });
    await store.close();
  });
});
