// The projector alone: keeps the read tables of a PostgreSQL server caught up.
import { loadConfig } from '#platform/config';
import { superviseService } from '#runtime/supervise-service';
import { startService } from '#runtime/start-service';

const config = loadConfig(process.env);
if (!config.databaseUrl) {
  throw new Error('start:projector works on a shared PostgreSQL server: set DATABASE_URL (or use npm start for PGlite)');
}
// Supervised from the start: a signal during it stops the service once started.
const starting = startService(config, { api: false, projector: true, worker: false });
superviseService(starting);
await starting; // a failed start fails the process with its error
