import path from 'node:path';

/** The process flags that load modules, with their values: the only ones a thread is given. */
const LOADER_FLAGS = new Set(['--require', '-r', '--import', '--loader', '--experimental-loader']);

/**
 * The flags of `execArgv` that load modules (tsx's loader among them, when the process was
 * started by `tsx` or with `--import tsx`), in either form (`--import x`, `--import=x`). A
 * thread is given only those: Node refuses to start a thread with a process-wide flag such as
 * the ingest command's `--max-semi-space-size` (ERR_WORKER_INVALID_EXEC_ARGV); a thread's heap
 * is bounded by `resourceLimits` instead.
 */
export function loaderFlags(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let at = 0; at < execArgv.length; at++) {
    const flag = execArgv[at] ?? '';
    const name = flag.split('=', 1)[0] ?? '';
    if (!LOADER_FLAGS.has(name)) continue;
    if (flag.includes('=')) kept.push(flag);
    else if (at + 1 < execArgv.length) kept.push(flag, execArgv[++at] ?? '');
  }
  return kept;
}

/**
 * A thread's flags: the process's loaders, and tsx's added for a `.ts` thread module in a
 * process that loads TypeScript another way (a test runner).
 */
export function execArgvFor(workerFile: string, execArgv: readonly string[] = process.execArgv): string[] {
  const loaders = loaderFlags(execArgv);
  const loadsTypeScript = loaders.some((flag) => flag.includes('tsx'));
  return path.extname(workerFile) === '.ts' && !loadsTypeScript ? [...loaders, '--import', 'tsx'] : loaders;
}
