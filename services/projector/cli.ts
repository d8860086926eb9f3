// npm run projections -- status | rebuild <name>... | rebuild --all
// Rebuild drops a projection's tables and replays every event into them. On PGlite, stop
// `npm start` first: the data folder belongs to one process at a time.
import { findProjection, PROJECTIONS } from '../../projections/index.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { openDatabase } from '../../src/platform/db/open-database.ts';
import { createDomainEventStore } from '../../src/platform/event-store/domain-event-store.ts';
import { catchUp } from '../../src/platform/projector/catch-up.ts';
import { getProjectionStatus } from '../../src/platform/projector/projection-status.ts';
import { rebuildProjection } from '../../src/platform/projector/rebuild.ts';

const USAGE = 'usage: npm run projections -- status | rebuild <name>... | rebuild --all';
const [command, ...args] = process.argv.slice(2);
if (command !== 'status' && command !== 'rebuild') {
  console.error(USAGE);
  process.exit(2);
}
const selected = args.includes('--all') ? [...PROJECTIONS] : args.map((name) => findProjection(name));
if (command === 'rebuild' && (selected.length === 0 || selected.some((p) => p === undefined))) {
  console.error(`${USAGE}\nprojections: ${PROJECTIONS.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

const config = loadConfig(process.env);
const db = await openDatabase(config);
try {
  await migrate(db);
  if (command === 'rebuild') {
    const store = createDomainEventStore(db);
    for (const projection of selected) {
      if (!projection) continue;
      await rebuildProjection(db, projection);
      const counts = await catchUp(db, store, [projection], { batchSize: config.projectorBatchSize });
      console.log(`${projection.name}: rebuilt from ${counts[projection.name] ?? 0} events`);
    }
    await store.close();
  }
  for (const projection of PROJECTIONS) {
    const s = await getProjectionStatus(db, projection);
    console.log(
      `${s.name} v${s.version}: ${s.status}, lag ${s.lag}, ${s.eventsProjected} events projected` +
        (s.lastError ? `, last error: ${s.lastError}` : ''),
    );
  }
} finally {
  await db.close();
}
