/**
 * An API process on the PostgreSQL server, loaded: the bundled sample with a key, one
 * `start:api` process, autocannon. Shared by the parts of bench:resilience that load it.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BUNDLED_SAMPLE_DIR } from '#platform/config';
import { openPgPool } from '#platform/db-engines';
import { createKey } from '#serve/access';
import { freePort, measureScript, spawnScript, stopChild, waitForHttp } from './processes.ts';

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
export const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
export const count = (n: number) => n.toLocaleString('en-US');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The settings of every service process a benchmark starts: no sample of its own, an inbox of its own. */
export const serviceEnv = (url: string, dataDir: string) => ({ DATABASE_URL: url, DATA_DIR: dataDir, INGEST_SAMPLE: 'false' });

export interface Load {
  readonly label: string;
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly statuses: string;
}

/** autocannon on `url` for `seconds`: requests, rate, latency and the statuses seen. */
export async function loadFor(
  seconds: number,
  label: string,
  url: string,
  options: { connections: number; headers?: Record<string, string> },
): Promise<Load> {
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: options.connections, duration: seconds, headers: options.headers ?? {} },
      (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    instance.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
  });
  return {
    label,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${count(n)}`)
      .join(', '),
  };
}

/** Rate limits off, for measuring the API rather than its limits. */
export const LIMITS_OFF = {
  PUBLIC_RATE_LIMIT_PER_MINUTE: 'off',
  RATE_LIMIT_PER_MINUTE: 'off',
  MONTHLY_ALLOWANCE: 'off',
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: 'off',
};

/** The bundled sample ingested by the ingest command into the database at `url`, and a new key with `scopes`. */
export async function sampleWithKey(url: string, scopes: Array<'read' | 'admin'>): Promise<string> {
  log('ingesting the bundled sample');
  const ingest = await measureScript(
    'services/ingest/main.ts',
    [BUNDLED_SAMPLE_DIR],
    serviceEnv(url, await mkdtemp(path.join(os.tmpdir(), 'imd-bench-'))),
  );
  if (ingest.code !== 0) throw new Error(`the sample did not ingest:\n${ingest.stdout}`);
  const db = await openPgPool(url, { max: 2 });
  return (await createKey(db, { workspace: { name: 'bench' }, name: 'bench', scopes }).finally(() => db.close())).key;
}

/** One `start:api` process on `url` until `fn` is done; `preload` is a module it imports first. */
export async function withApi<T>(
  url: string,
  { preload, ...env }: Record<string, string> & { preload?: string },
  fn: (base: string, child: ChildProcess) => Promise<T>,
): Promise<T> {
  const port = freePort();
  const child = spawnScript(
    'services/api/main.ts',
    [],
    { DATABASE_URL: url, PORT: String(port), ...env },
    'inherit',
    preload ? [preload] : [],
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/health`);
    return await fn(base, child);
  } finally {
    await stopChild(child);
  }
}
