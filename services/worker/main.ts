// The ingestion worker alone: parses queued documents on a shared PostgreSQL server.
import { loadConfig } from '#platform/config';
import { startService } from '#runtime/start-service';
import { superviseService } from '#runtime/supervise-service';

const config = loadConfig(process.env);
if (!config.databaseUrl) {
  throw new Error('start:worker works on a shared PostgreSQL server: set DATABASE_URL (or use npm start for PGlite)');
}
// Supervised from the start: a signal during it stops the service once started.
const starting = startService(config, { api: false, projector: false, worker: true });
superviseService(starting);
await starting; // a failed start fails the process with its error
