import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { FIRST_KEY_FILE } from '../../src/serve/access/first-key.ts';
import { openServiceDatabase } from '../../src/runtime/open-service-database.ts';
import { startService } from '../../src/runtime/start-service.ts';

// `npm start` opens the database before it loads the service (services/standalone/main.ts)
// and hands it over being opened.
describe('startService with the database the caller is opening (PGlite)', () => {
  const root = path.join(tmpdir(), `imd-start-opened-${randomUUID()}`);
  afterAll(() => rm(root, { recursive: true, force: true }));
  const configFor = (dataDir: string, env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', INGEST_SAMPLE: 'false', ...env });

  it('serves from that database, migrated, with the first key written', async () => {
    const config = configFor(path.join(root, 'a'));
    const opening = openServiceDatabase(config);
    const service = await startService(config, { api: true, projector: true, worker: true }, opening);
    try {
      expect(service.db).toBe(await opening);
      expect((await fetch(`${service.address}/health`)).status).toBe(200);
      expect(existsSync(path.join(config.dataDir, FIRST_KEY_FILE))).toBe(true);
    } finally {
      await service.stop();
    }
    // Stopped: the folder's lock is released.
    expect(existsSync(path.join(config.dataDir, 'pglite', 'pglite.lock'))).toBe(false);
  });

  it('closes that database when the configuration fails the start', async () => {
    const config = configFor(path.join(root, 'b'), { SYNC: 'on', SYNC_DATASETS: 'nse-bhavcopies' });
    const opening = openServiceDatabase(config);
    await expect(startService(config, { api: true, projector: true, worker: true }, opening)).rejects.toThrow(
      /SYNC_DATASETS: not datasets: nse-bhavcopies/,
    );
    expect(existsSync(path.join(config.dataDir, 'pglite', 'pglite.lock'))).toBe(false);
    // Another open of the folder in this process finds it free.
    await (await openServiceDatabase(configFor(config.dataDir))).close();
  });
});
