import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** A script of this repository, by its path from the root. */
export const script = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/;

/**
 * The Node flags and the environment the package's npm script gives an entry point
 * (`[NAME=value …] tsx --flag <path>`, or `[NAME=value …] node --flag scripts/start.mjs <path>`),
 * so a process measured here runs as `npm run` would run it.
 */
function packageCommandOf(relative: string): { readonly flags: string[]; readonly env: Record<string, string> } {
  const { scripts } = JSON.parse(readFileSync(script('package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = Object.values(scripts)
    .map((line) => line.split(' '))
    .find((line) => line.at(-1) === relative && /^(tsx|node)$/.test(line.find((word) => !ASSIGNMENT.test(word)) ?? ''));
  const env: Record<string, string> = {};
  for (const word of words ?? []) {
    const assignment = ASSIGNMENT.exec(word);
    if (!assignment) break;
    env[assignment[1] ?? ''] = assignment[2] ?? '';
  }
  return { flags: words?.filter((word) => word.startsWith('--')) ?? [], env };
}

/**
 * Runs a TypeScript entry point of this repository in its own Node process (no npm or tsx
 * wrapper, so its pid is the one measured). `nodeFlags` are added to the package script's
 * (`--cpu-prof`, which NODE_OPTIONS does not take).
 */
export function spawnScript(
  relative: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
  stdio: 'inherit' | 'pipe' = 'inherit',
  preload: readonly string[] = [],
  nodeFlags: readonly string[] = [],
): ChildProcess {
  // A setting given as undefined is removed from the inherited environment (DATABASE_URL for a PGlite run).
  const command = packageCommandOf(relative);
  const merged = Object.entries({ ...process.env, ...command.env, LOG_LEVEL: 'warn', ...env }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const imports = ['tsx', ...preload.map(script)].flatMap((module) => ['--import', module]);
  return spawn(process.execPath, [...command.flags, ...nodeFlags, ...imports, script(relative), ...args], {
    env: Object.fromEntries(merged),
    stdio: ['ignore', stdio, 'inherit'],
  });
}

/** A process's resident memory now and at its peak, in MB, from /proc (null elsewhere or once it has exited). */
export async function rssOf(pid: number): Promise<{ current: number; peak: number } | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return status ? { current: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) } : null;
}

/** CPU seconds (user and system) a process has used so far, from /proc (null elsewhere or once it has exited). */
export async function cpuSecondsOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The fields after the command name (which may hold spaces), from the third: utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  // Linux counts in USER_HZ, 100 a second on every architecture Node runs on.
  return stat && Number.isFinite(ticks) ? ticks / 100 : null;
}

/** Runs a script to its end: wall seconds, exit code, stdout, and its peak RSS (sampled every 20 ms until it exits). */
export async function measureScript(
  relative: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
): Promise<{ seconds: number; code: number | null; stdout: string; peakRssMb: number | null }> {
  const started = performance.now();
  const child = spawnScript(relative, args, env, 'pipe');
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  let peak: number | null = null;
  const sampler = setInterval(() => {
    if (child.pid === undefined) return;
    void rssOf(child.pid).then((rss) => {
      // A process exiting has no memory figures left: NaN, ignored.
      if (rss && Number.isFinite(rss.peak)) peak = Math.max(peak ?? 0, rss.peak);
    });
  }, 20);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(sampler);
  return { seconds: (performance.now() - started) / 1000, code, stdout, peakRssMb: peak };
}

/** Waits (bounded) until `url` answers at all: a service has started listening. */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await fetch(url).then(
      () => true,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops a child: `signal`, then waits for it to exit. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

export const freePort = () => 20000 + Math.floor(Math.random() * 20000);
