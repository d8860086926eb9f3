// npm start: the API and the projector in one process, on embedded PGlite unless
// DATABASE_URL names a PostgreSQL server.
import { loadConfig } from '#platform/config';
import { openServiceDatabase } from '#runtime/open-service-database';

const config = loadConfig(process.env);
// The database first, from a small module graph: the embedded engine starts in its thread
// while this one loads the rest of the service (docs/start-up.md).
const opening = openServiceDatabase(config);
opening.catch(() => undefined); // startService awaits it and fails with its error
const { startService } = await import('#runtime/start-service');
const { superviseService } = await import('#runtime/supervise-service');
// Supervised from the start: SIGTERM during it (the first start answers /health early) stops
// the service once started, never kills it with the database open.
const starting = startService(config, { api: true, projector: true, worker: true }, opening);
superviseService(starting);
await starting; // a failed start fails the process with its error
