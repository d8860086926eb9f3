import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { DEFAULT_LEASE_SECONDS, startPgBossBus } from '#ingest/bus/pg-boss-bus';
import { DEAD_LETTER_QUEUE, INGEST_QUEUE } from '#ingest/bus/pg-boss-queues';
import { migrate } from '#platform/db/migrate';
import { openPglite } from '#platform/pglite/pglite';
import { openPgliteThread } from '#platform/db-engines/pglite-thread/client';
import { writeServiceTemplate } from '#runtime/service-template';

describe('the cluster the build makes for new embedded data folders', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'service-template-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('gives a new folder every migration and every projection set up, so a first start applies none', async () => {
    const templateDir = path.join(work, 'template');
    await writeServiceTemplate(templateDir);
    const db = await openPglite(path.join(work, 'data'), { templateDir });
    try {
      // Said, so the service does not migrate it again, and true.
      expect(db.migrated).toBe(true);
      expect(await migrate(db)).toEqual([]);
      const { rows } = await db.query<{ projection: string; version: number }>(
        'select projection, version from es_checkpoints order by projection',
      );
      const expected = PROJECTIONS.map((p) => ({ projection: p.name, version: p.version })).sort((a, b) =>
        a.projection.localeCompare(b.projection),
      );
      expect(rows).toEqual(expected);
      const { rows: events } = await db.query<{ n: number }>('select count(*)::int as n from es_events');
      expect(events[0]?.n).toBe(0);
    } finally {
      await db.close();
    }
  });

  it("holds only the database PGlite opens, without initdb's templates, and the folder reopens and vacuums", async () => {
    const templateDir = path.join(work, 'template');
    const dataDir = path.join(work, 'data');
    // The folder the test above made from the template: one database directory in base/.
    expect(await readdir(path.join(dataDir, 'base'))).toHaveLength(1);
    const db = await openPglite(dataDir, { templateDir });
    try {
      // Reopened, not copied: migrations are checked as on any folder.
      expect(db.migrated).toBeUndefined();
      const { rows } = await db.query<{ datname: string }>('select datname from pg_database order by datname');
      expect(rows.map((row) => row.datname)).toEqual(['postgres']);
      await db.query('vacuum analyze');
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it("holds pg-boss's schema and queues, and a bus started on the copy takes the lease configured then", async () => {
    const templateDir = path.join(work, 'template');
    const db = await openPglite(path.join(work, 'bus'), { templateDir });
    try {
      const queues = async () =>
        (await db.query<{ name: string; expire_seconds: number }>('select name, expire_seconds from pgboss.queue order by name')).rows;
      expect(await queues()).toEqual([
        { name: INGEST_QUEUE, expire_seconds: DEFAULT_LEASE_SECONDS },
        { name: DEAD_LETTER_QUEUE, expire_seconds: null },
      ]);
      const bus = await startPgBossBus(db, {
        onError: (error) => {
          throw error;
        },
        leaseSeconds: 7,
      });
      await bus.stop();
      expect((await queues()).find((q) => q.name === INGEST_QUEUE)?.expire_seconds).toBe(7);
    } finally {
      await db.close();
    }
  });

  it("says so from the engine's thread too, where the service opens it", async () => {
    const db = await openPgliteThread(path.join(work, 'thread'), { templateDir: path.join(work, 'template') });
    try {
      expect(db.migrated).toBe(true);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
