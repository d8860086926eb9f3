import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import type { DomainEvent } from '#schemas/events/catalogue';
import type { Database } from '#platform/db/db';
import { createDomainEventStore } from '#platform/event-store/domain-event-store';
import type { StoredEvent } from '#platform/event-store/event-store';
import { quoteTables } from '#platform/projector/projection';
import { dumpProjection } from '../support/clean-projection.ts';
import { pglite } from '../support/databases.ts';
import { atRandomBoundaries, projectInBatches, seededRandom } from '../support/project-in-batches.ts';

/** Events of each projection taken from the sample, from its start: enough for batches of every size below, and quick. */
const EVENTS_EACH = 300;

/**
 * Every projection's tables are a function of its events alone: the bundled sample's events
 * (the first EVENTS_EACH each handles) projected in one batch, and cut at random places with
 * some batches applied a second time (a commit whose checkpoint was lost), give the same rows.
 * projections/companies/batch-boundaries.int.spec.ts cuts the security master's at every place.
 */
describe('every projection: the same tables whatever the batch boundaries [pglite]', () => {
  let events: StoredEvent<DomainEvent>[] = [];
  let db: Database;
  beforeAll(async () => {
    const sample = await pglite.openSample();
    if (!sample) throw new Error('this suite needs the sample template of the int project (vitest --project int)');
    const store = createDomainEventStore(sample);
    try {
      events = (await store.readAll({ limit: 1_000_000 })).events;
    } finally {
      await store.close();
      await sample.close();
    }
    db = await pglite.open();
    // Every projection's tables exist, as in the service; each test builds one projection's again.
    for (const projection of PROJECTIONS) await db.transaction((tx) => projection.setup(tx));
  });
  afterAll(() => db?.close());

  for (const projection of PROJECTIONS) {
    it(projection.name, async () => {
      const handled = events.filter((e) => (projection.handles as readonly string[]).includes(e.type)).slice(0, EVENTS_EACH);
      expect(handled.length).toBeGreaterThan(20);
      const build = async (batches: ReadonlyArray<readonly StoredEvent<DomainEvent>[]>) => {
        await db.query(`drop table if exists ${quoteTables(projection.tables)}`);
        await projectInBatches(db, projection, batches);
        return dumpProjection(db, projection);
      };
      const once = await build([handled]);
      expect(Object.values(once).some((rows) => rows.length > 0)).toBe(true);
      const cut = atRandomBoundaries(handled, 40, seededRandom(projection.name.length));
      expect(await build(cut.flatMap((batch, i) => (i % 3 === 1 ? [batch, batch] : [batch])))).toEqual(once);
    });
  }
});
