// The API alone, for running several replicas against one PostgreSQL server.
import { loadConfig } from '../../src/platform/config.ts';
import { superviseService } from '../../src/runtime/supervise-service.ts';
import { startService } from '../../src/runtime/start-service.ts';

const config = loadConfig(process.env);
if (!config.databaseUrl) {
  throw new Error('start:api serves a shared PostgreSQL server: set DATABASE_URL (or use npm start for PGlite)');
}
superviseService(await startService(config, { api: true, projector: false, worker: false }));
