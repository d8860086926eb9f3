import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One HTTP request to load the API with. */
export interface WrkRequest {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
  /**
   * Paths (with their query) to spread the requests over: each request takes one of them at
   * random, uniformly, instead of the path of `url` (whose scheme, host and port are kept).
   */
  readonly paths?: readonly string[] | undefined;
}

export interface WrkResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Non-2xx answers and socket errors (connect, read, write, timeout). */
  readonly errors: number;
}

const UNIT_MS: Readonly<Record<string, number>> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function latencyAt(stdout: string, percent: string): number {
  const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(stdout);
  return match ? Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? NaN) : NaN;
}

/** Reads wrk's report (`--latency`): requests, req/s, p50 and p99 in ms, errors. */
export function parseWrkReport(stdout: string): WrkResult {
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? NaN);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { requests, rps, p50: latencyAt(stdout, '50'), p99: latencyAt(stdout, '99'), errors: non2xx + socketErrors };
}

const luaString = (text: string) => JSON.stringify(text);

// wrk runs a Lua state per thread; each is seeded apart (setup numbers the threads), so the
// threads do not send the same sequence. `request` builds each request from wrk.method,
// wrk.headers and wrk.body with a path drawn anew.
const randomPaths = (paths: readonly string[]) => [
  `local paths = { ${paths.map(luaString).join(', ')} }`,
  'local threads = 0',
  'function setup(thread) threads = threads + 1; thread:set("seed", threads) end',
  'function init(args) math.randomseed(os.time() * 100 + seed) end',
  'function request() return wrk.format(nil, paths[math.random(#paths)]) end',
];

/**
 * Loads one request with wrk, a C load generator, so the API is not charged for a
 * JavaScript client's parsing: `connections` connections over two threads for `seconds`.
 * The method, headers and body go through a Lua script. wrk must be installed (Debian: wrk).
 */
export async function runWrk(request: WrkRequest, options: { connections: number; seconds: number }): Promise<WrkResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imd-wrk-'));
  try {
    const script = path.join(dir, 'request.lua');
    const lines = [
      `wrk.method = ${luaString(request.method)}`,
      ...Object.entries(request.headers).map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`),
      ...(request.body === undefined ? [] : [`wrk.body = ${luaString(request.body)}`]),
      ...(request.paths === undefined ? [] : randomPaths(request.paths)),
    ];
    await writeFile(script, `${lines.join('\n')}\n`);
    // A slow answer (the screen queues for seconds at 50 connections) is measured, not dropped at wrk's 2 s default.
    const args = ['-t2', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '60s', '--latency', '-s', script, request.url];
    const { stdout } = await run('wrk', args, { maxBuffer: 1 << 22 });
    return parseWrkReport(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
