// npm start: the API and the projector in one process, on embedded PGlite unless
// DATABASE_URL names a PostgreSQL server.
import { loadConfig } from '../../src/platform/config.ts';
import { superviseService } from '../../src/runtime/supervise-service.ts';
import { startService } from '../../src/runtime/start-service.ts';

const service = await startService(loadConfig(process.env), { api: true, projector: true, worker: true });
superviseService(service);
