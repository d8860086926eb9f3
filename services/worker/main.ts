// The ingestion worker alone: parses queued documents on a shared PostgreSQL server.
import { loadConfig } from '../../src/platform/config.ts';
import { startService } from '../../src/runtime/start-service.ts';
import { superviseService } from '../../src/runtime/supervise-service.ts';

const config = loadConfig(process.env);
if (!config.databaseUrl) {
  throw new Error('start:worker works on a shared PostgreSQL server: set DATABASE_URL (or use npm start for PGlite)');
}
superviseService(await startService(config, { api: false, projector: false, worker: true }));
