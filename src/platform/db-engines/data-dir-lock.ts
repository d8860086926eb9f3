import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { DataDirBusyError } from '#platform/errors';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one in-process database: two processes opening the same folder would corrupt
 * it. A lock file holding the owner's pid keeps a second process out; a lock left by a
 * process that no longer runs is taken over.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirBusyError(dir, owner, { cause: error });
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dir}`);
}
