import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#platform/config/config';
import { openPglite } from '#platform/pglite/pglite';
import { FIRST_KEY_FILE } from '#serve/access/first-key';
import { startService } from '#runtime/start-service';

/**
 * On the embedded engine the service counts each key's requests in its own process (the
 * folder is locked to it) and writes the counts every second and when it stops: the
 * allowance holds as on a server, and a restart goes on from what was counted.
 */
describe('rate limits of the embedded service, counted in its process', () => {
  const dataDir = path.join(tmpdir(), `imd-e2e-limits-${randomUUID()}`);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const start = () =>
    startService(
      loadConfig({
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        INGEST_SAMPLE: 'false',
        PUBLIC_RATE_LIMIT_PER_MINUTE: 'off',
        RATE_LIMIT_PER_MINUTE: 'off',
        MONTHLY_ALLOWANCE: '3',
      }),
      { api: true, projector: true, worker: true },
    );

  it('refuses the request past the allowance, keeps the count when stopped, and goes on from it when started again', async () => {
    const first = await start();
    const key = (await readFile(path.join(dataDir, FIRST_KEY_FILE), 'utf8')).trim();
    const statusOf = async (address: string) => (await fetch(`${address}/v1/companies?limit=1`, { headers: { 'x-api-key': key } })).status;
    const seen: number[] = [];
    try {
      for (let i = 0; i < 3; i++) seen.push(await statusOf(first.address ?? ''));
      expect(seen.every((status) => status !== 429)).toBe(true);
      expect(await statusOf(first.address ?? '')).toBe(429);
    } finally {
      await first.stop();
    }

    // The engine's own folder inside the data folder (open-database.ts).
    const db = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const { rows } = await db.query<{ window_kind: string; request_count: number }>(
        'select window_kind, request_count from rate_limit_counters',
      );
      expect(rows.map((row) => [row.window_kind, Number(row.request_count)])).toEqual([['month', 3]]);
    } finally {
      await db.close();
    }

    const second = await start();
    try {
      expect(await statusOf(second.address ?? '')).toBe(429);
    } finally {
      await second.stop();
    }
  });
});
