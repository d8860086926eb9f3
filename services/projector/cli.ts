// npm run projections -- status | rebuild <name>... | rebuild --all
// A rebuild builds new tables beside the live ones and swaps them in at the end, so a running
// service keeps answering from the old tables meanwhile (docs/adr/0004-projections.md). On
// PGlite, stop `npm start` first: the data folder belongs to one process at a time.
import { findProjection, PROJECTIONS } from '#projections';
import { loadConfig } from '#platform/config';
import { migrate, type Database } from '#platform/db';
import { openDatabase } from '#platform/db-engines';
import { openServiceEventStore } from '#runtime/service-event-store';
import { databaseOpenFailure } from '#runtime/database-open-failure';
import { getProjectionStatus, rebuildProjection } from '#platform/projector';

const USAGE = `usage: npm run projections -- status | rebuild <name>... | rebuild --all

  status            each projection's state, lag, events projected and last error
  rebuild <name>    replays every event into new tables while the live ones keep serving,
                    then swaps them in with the checkpoint in one transaction

projections: ${PROJECTIONS.map((p) => p.name).join(', ')}
settings: DATABASE_URL or DATA_DIR, PROJECTOR_BATCH_SIZE, REBUILD_SWAP_LOCK_TIMEOUT_MS`;
const PROGRESS_EVERY_MS = 2_000;

const [command, ...args] = process.argv.slice(2);
if (command === '--help' || command === '-h' || command === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (command !== 'status' && command !== 'rebuild') {
  console.error(USAGE);
  process.exit(2);
}
const selected = args.includes('--all') ? [...PROJECTIONS] : args.map((name) => findProjection(name));
if (command === 'rebuild' && (selected.length === 0 || selected.some((p) => p === undefined))) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig(process.env);

/** Opens and migrates the database, or says in one line why it cannot and exits. */
async function openMigrated(): Promise<Database> {
  let db: Database | undefined;
  try {
    db = await openDatabase(config);
    await migrate(db);
    return db;
  } catch (error) {
    await db?.close();
    const why = databaseOpenFailure(error, config, "while it runs, GET /health shows each projection's state and lag.");
    if (why === undefined) throw error;
    console.error(`npm run projections: ${why}`);
    process.exit(1);
  }
}

const db = await openMigrated();
const store = await openServiceEventStore(db, config.eventStore);
try {
  if (command === 'rebuild') {
    for (const projection of selected) {
      if (!projection) continue;
      const started = Date.now();
      let shown = started;
      const result = await rebuildProjection(db, store, projection, {
        batchSize: config.projectorBatchSize,
        swapLockTimeoutMs: config.rebuildSwapLockTimeoutMs,
        onProgress: ({ phase, projected }) => {
          if (phase === 'building' && Date.now() - shown < PROGRESS_EVERY_MS) return;
          shown = Date.now();
          console.log(`${projection.name}: ${projected} events into the new tables${phase === 'swapping' ? ', swapping them in' : ''}`);
        },
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const retries = result.swapAttempts > 1 ? ` (swap tried ${result.swapAttempts} times)` : '';
      console.log(`${projection.name}: rebuilt from ${result.projected} events in ${seconds} s and swapped in${retries}`);
    }
  }
  for (const projection of PROJECTIONS) {
    const s = await getProjectionStatus(db, store, projection);
    console.log(
      `${s.name} v${s.version}: ${s.status}, lag ${s.lag}, ${s.eventsProjected} events projected` +
        (s.lastError ? `, last error: ${s.lastError}` : ''),
    );
  }
} finally {
  await store.close();
  await db.close();
}
