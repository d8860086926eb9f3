import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pgbenchEnv } from './pgbench-script.ts';
import { percentile } from './report.ts';

const run = promisify(execFile);

export interface PgbenchResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
}

/** Each transaction's latency in ms, from the per-transaction logs (`-l`) in `dir`. */
async function loggedLatencies(dir: string): Promise<number[]> {
  const latencies: number[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.startsWith('log'))) {
    for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (Number.isFinite(micros) && line) latencies.push(micros / 1000);
    }
  }
  return latencies;
}

/**
 * pgbench running `script` (pgbench's script language: statements, `\set`) at `connections`
 * connections on two threads for `seconds`, extended protocol as `pg` sends a statement with
 * parameters (or, `prepared`, each statement prepared once per connection with a generic
 * plan, as the server's text reads run: src/platform/db-engines/pg-pool.ts): transactions per second
 * and their p50/p99 latency in ms.
 */
export async function loadPgbench(
  url: string,
  script: string,
  options: { connections: number; seconds: number; prepared?: boolean },
): Promise<PgbenchResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imd-pgbench-'));
  try {
    const file = path.join(dir, 'script.sql');
    await writeFile(file, script);
    const args = [
      '-n',
      '-M',
      options.prepared ? 'prepared' : 'extended',
      '-c',
      String(options.connections),
      '-j',
      '2',
      '-T',
      String(options.seconds),
    ];
    const { stdout } = await run('pgbench', [...args, '-f', file, '-l', '--log-prefix', path.join(dir, 'log')], {
      env: { ...pgbenchEnv(url), ...(options.prepared ? { PGOPTIONS: '-c plan_cache_mode=force_generic_plan' } : {}) },
      maxBuffer: 1 << 22,
    });
    const rps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? NaN);
    const latencies = await loggedLatencies(dir);
    return { requests: latencies.length, rps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
