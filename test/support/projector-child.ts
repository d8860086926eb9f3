/**
 * A projector in a child process, for killing mid-batch: runs the projections against
 * the server at argv[2] until it is killed. Prints "running" once started.
 */
import { PROJECTIONS } from '../../projections/index.ts';
import { openPgPool } from '../../src/platform/db/pg-pool.ts';
import { createDomainEventStore } from '../../src/platform/event-store/domain-event-store.ts';
import { runProjector } from '../../src/platform/projector/run-projector.ts';
import { countingProjection } from './counting-projection.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: projector-child.ts <database-url>');
const db = await openPgPool(url);
const store = createDomainEventStore(db);
process.stdout.write('running\n');
await runProjector({
  db,
  store,
  projections: [...PROJECTIONS, countingProjection({ delayMs: 20 })],
  signal: new AbortController().signal,
  batchSize: 10,
});
