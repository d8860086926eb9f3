// npm start: the API and the projector in one process, on embedded PGlite unless
// DATABASE_URL names a PostgreSQL server.
import { loadConfig } from '../../src/platform/config.ts';
import { openServiceDatabase } from '../../src/runtime/open-service-database.ts';

const config = loadConfig(process.env);
// The database first, from a small module graph: the embedded engine starts in its thread
// while this one loads the rest of the service (docs/start-up.md).
const opening = openServiceDatabase(config);
opening.catch(() => undefined); // startService awaits it and fails with its error
const { startService } = await import('../../src/runtime/start-service.ts');
const { superviseService } = await import('../../src/runtime/supervise-service.ts');
superviseService(await startService(config, { api: true, projector: true, worker: true }, opening));
