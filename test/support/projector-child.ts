/**
 * A projector in a child process, for killing mid-batch: runs the projections against
 * the server at argv[2] until it is killed. Prints "running" once started.
 */
import { PROJECTIONS } from '#projections';
import { openPgPool } from '#platform/db-engines/pg-pool';
import { createDomainEventStore } from '#platform/event-store/domain-event-store';
import { runProjector } from '#platform/projector/run-projector';
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
