import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#platform/config/config';
import { FIRST_KEY_FILE } from '#serve/access/first-key';
import { openServiceDatabase } from '#runtime/open-service-database';
import type { Database } from '#platform/db/db';
import { startService } from '#runtime/start-service';
import { closedPort } from '../support/closed-port.ts';

// `npm start` opens the database before it loads the service (services/standalone/main.ts)
// and hands it over being opened.
async function answered(url: string): Promise<Response> {
  for (;;) {
    const response = await fetch(url).catch(() => undefined);
    if (response) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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

  it('listens while the database is still opening: what needs no database is answered, what needs it waits for it', async () => {
    const config = configFor(path.join(root, 'c'), { PORT: String(await closedPort()) });
    let release!: () => void;
    const opening = new Promise<Database>((resolve) => (release = () => resolve(openServiceDatabase(config))));
    const starting = startService(config, { api: true, projector: true, worker: true }, opening);
    const base = `http://127.0.0.1:${config.port}`;
    // The API's description needs no database: answered while the database is held.
    expect((await answered(`${base}/v1/openapi.json`)).status).toBe(200);
    const health = fetch(`${base}/health`);
    const early = await Promise.race([health.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))]);
    expect(early).toBe('waiting');
    release();
    const service = await starting;
    try {
      expect(service.db).toBe(await opening);
      expect((await health).status).toBe(200);
      expect(existsSync(path.join(config.dataDir, FIRST_KEY_FILE))).toBe(true);
    } finally {
      await service.stop();
    }
  });

  it('fails with the reason, and frees its port, when the database does not open', async () => {
    const config = configFor(path.join(root, 'd'), { PORT: String(await closedPort()) });
    const opening = Promise.reject(new Error('the data folder is in use by another process'));
    await expect(startService(config, { api: true, projector: true, worker: true }, opening)).rejects.toThrow(
      'the data folder is in use by another process',
    );
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(config.port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
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
