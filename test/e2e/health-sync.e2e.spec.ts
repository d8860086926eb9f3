import { randomUUID } from 'node:crypto';
import { access, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Health, HealthSchema } from '#schemas/api/health';
import { ApiIndexResponseSchema } from '#schemas/api/api-index';
import { loadConfig } from '#platform/config/config';
import { type RunningService, startService } from '#runtime/start-service';
import { describePostgres } from '../support/databases.ts';
import { until } from '../support/until.ts';
import { closedPort } from '../support/closed-port.ts';

const QUIET = { PORT: '0', LOG_LEVEL: 'silent', INGEST_SAMPLE: 'false', PUBLIC_RATE_LIMIT_PER_MINUTE: 'off' };

/** The settings of a process following nse-reference at an address that refuses every connection. */
const followingNowhere = (unreachable: string) => ({
  SYNC: 'on',
  SYNC_DATASETS: 'nse-reference',
  NSE_WWW_URL: unreachable,
  NSE_ARCHIVES_URL: unreachable,
  BSE_WWW_URL: unreachable,
  BSE_API_URL: unreachable,
  SYNC_NSE_ARCHIVES_RPS: '100',
});

async function health(service: RunningService): Promise<Health> {
  const response = await fetch(`${service.address}/health`);
  expect(response.status).toBe(200);
  return HealthSchema.parse(await response.json());
}

async function apiIndex(service: RunningService) {
  const response = await fetch(`${service.address}/v1/`);
  expect(response.status).toBe(200);
  return ApiIndexResponseSchema.parse(await response.json()).data;
}

describe('/health and GET /v1/ with the connectors’ progress (PGlite, SYNC off)', () => {
  const dataDir = path.join(tmpdir(), `imd-health-sync-${randomUUID()}`);
  let service: RunningService;
  beforeAll(async () => {
    service = await startService(loadConfig({ ...QUIET, DATA_DIR: dataDir }), { api: true, projector: true, worker: true });
    // The projector sets its projections up in the background: settled before the progress is read.
    await until(async () => ((await health(service)).status === 'ok' ? true : undefined));
  });
  afterAll(async () => {
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('follows nothing and lists no dataset while nothing was ever synced', async () => {
    expect((await health(service)).sync).toEqual({ following: false, datasets: [] });
    expect((await apiIndex(service)).sync).toEqual({ following: false, datasets: [] });
  });

  it('shows each dataset in the progress table with its last success, and its lag behind its earliest unit due', async () => {
    const overdueSince = '2001-02-03T04:05:06.000Z';
    await service.db.query(
      `insert into sync_units (dataset, unit, state, last_outcome, last_error, attempts, failures, documents, fetched_at, tried_at, next_due) values
         ('nse-bhavcopy-udiff', '2024-07-08', 'done', 'fetched', null, 1, 0, 1, '2024-07-08T13:00:00Z', '2024-07-08T13:00:00Z', null),
         ('nse-bhavcopy-udiff', '2024-07-09', 'pending', 'failed', 'HTTP 503', 3, 3, 0, null, '2024-07-09T13:00:00Z', $1),
         ('bse-bhavcopy', '2024-07-08', 'done', 'fetched', null, 1, 0, 1, '2024-07-08T14:00:00Z', '2024-07-08T14:00:00Z', null),
         ('nse-reference', 'snapshot:2024-07-09', 'pending', 'blocked', 'HTTP 403: an HTML page', 1, 1, 0, null, '2024-07-09T10:00:00Z', '2999-01-01T00:00:00Z')`,
      [overdueSince],
    );
    // /health answers from a look up to a second old: wait for the rows to show.
    const before = Date.now();
    const body = await until(async () => {
      const answer = await health(service);
      return answer.sync.datasets.length === 3 ? answer : undefined;
    });
    const after = Date.now();
    expect(body.sync.following).toBe(false);
    expect(body.sync.datasets.map((d) => d.dataset)).toEqual(['bse-bhavcopy', 'nse-bhavcopy-udiff', 'nse-reference']);
    expect(body.sync.datasets[0]).toEqual({
      dataset: 'bse-bhavcopy',
      lastSuccess: '2024-07-08T14:00:00.000Z',
      lastUnit: '2024-07-08',
      nextDue: null,
      lagSeconds: 0,
      failing: 0,
      lastError: null,
    });
    const behind = body.sync.datasets[1];
    expect(behind).toMatchObject({
      dataset: 'nse-bhavcopy-udiff',
      lastSuccess: '2024-07-08T13:00:00.000Z',
      lastUnit: '2024-07-08',
      nextDue: overdueSince,
      failing: 1,
      lastError: 'HTTP 503',
    });
    // Measured when the answer was looked up: within the second before the first request and the last answer.
    const lagAt = (ms: number) => Math.floor((ms - Date.parse(overdueSince)) / 1000);
    expect(behind?.lagSeconds).toBeGreaterThanOrEqual(lagAt(before - 1_000) - 1);
    expect(behind?.lagSeconds).toBeLessThanOrEqual(lagAt(after));
    expect(body.sync.datasets[2]).toEqual({
      dataset: 'nse-reference',
      lastSuccess: null,
      lastUnit: null,
      nextDue: '2999-01-01T00:00:00.000Z',
      lagSeconds: 0,
      failing: 1,
      lastError: 'HTTP 403: an HTML page',
    });
    // The status is the service's own: a dataset the exchanges refuse does not degrade it.
    expect(body.status).toBe('ok');

    const index = await apiIndex(service);
    expect(index.sync.following).toBe(false);
    expect(index.sync.datasets.map((d) => d.dataset)).toEqual(['bse-bhavcopy', 'nse-bhavcopy-udiff', 'nse-reference']);
    expect(index.sync.datasets[1]).toMatchObject({
      dataset: 'nse-bhavcopy-udiff',
      last_success: '2024-07-08T13:00:00.000Z',
      last_unit: '2024-07-08',
      next_due: overdueSince,
      failing: 1,
      last_error: 'HTTP 503',
    });
    expect(index.sync.datasets[1]?.lag_seconds).toBeGreaterThanOrEqual(lagAt(before - 1_000) - 1);
    expect(index.sync.datasets[2]).toMatchObject({ dataset: 'nse-reference', last_success: null, lag_seconds: 0, failing: 1 });
  });
});

describe('SYNC=on in a service process (PGlite)', () => {
  const dataDir = path.join(tmpdir(), `imd-health-sync-on-${randomUUID()}`);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with SYNC_DATASETS naming no dataset, before opening the database', async () => {
    const config = loadConfig({ ...QUIET, DATA_DIR: dataDir, SYNC: 'on', SYNC_DATASETS: 'nse-reference,nse-bhavcopies' });
    await expect(startService(config, { api: true, projector: true, worker: true })).rejects.toThrow(
      /^invalid configuration:\n {2}SYNC_DATASETS: not datasets: nse-bhavcopies \(the datasets: /,
    );
    await expect(access(dataDir)).rejects.toThrow();
  });

  it('follows the datasets named, records a unit the exchange does not answer as failing, and stops with the service', async () => {
    const unreachable = `http://127.0.0.1:${await closedPort()}`;
    const config = loadConfig({ ...QUIET, DATA_DIR: dataDir, ...followingNowhere(unreachable) });
    const service = await startService(config, { api: true, projector: true, worker: true });
    try {
      const first = await health(service);
      expect(first.sync.following).toBe(true);
      expect(first.sync.datasets.map((d) => d.dataset)).toEqual(['nse-reference']);
      expect((await apiIndex(service)).sync.following).toBe(true);

      // Every request is refused at once; the client tries each a few times with backoff first.
      const failing = await until(async () => {
        const answer = await health(service);
        const standing = answer.sync.datasets.find((d) => d.dataset === 'nse-reference');
        return standing?.lastError ? standing : undefined;
      });
      expect(failing).toMatchObject({ dataset: 'nse-reference', lastSuccess: null, lastUnit: null, failing: 1 });
      expect(failing.lastError).toContain(`${unreachable}/content/equities/`);
      const { rows } = await service.db.query<{ dataset: string; state: string; last_outcome: string; lease_owner: string | null }>(
        'select dataset, state, last_outcome, lease_owner from sync_units',
      );
      expect(rows).toEqual([{ dataset: 'nse-reference', state: 'pending', last_outcome: 'failed', lease_owner: null }]);
    } finally {
      // Stops the follower (asleep until its next look) before the database closes.
      await service.stop();
    }
  });
});

describePostgres('SYNC=on in two workers on one server', (database) => {
  it('lets one of them fetch a unit both find due, and each stops with its process', async () => {
    const db = await database.open();
    const workers: RunningService[] = [];
    try {
      const unreachable = `http://127.0.0.1:${await closedPort()}`;
      const config = loadConfig({ ...QUIET, DATABASE_URL: db.url, ...followingNowhere(unreachable) });
      for (let i = 0; i < 2; i++) workers.push(await startService(config, { api: false, projector: false, worker: true }));
      const tried = await until(async () => {
        const { rows } = await db.query<{ state: string; attempts: number; last_outcome: string | null }>(
          `select state, attempts, last_outcome from sync_units where dataset = 'nse-reference'`,
        );
        return rows.length === 1 && rows[0]?.last_outcome ? rows : undefined;
      });
      // The unit is leased while one worker tries it, and not due again for 15 minutes after.
      expect(tried).toEqual([{ state: 'pending', attempts: 1, last_outcome: 'failed' }]);
    } finally {
      for (const worker of workers) await worker.stop();
      await db.close();
    }
  });
});
