import { rm } from 'node:fs/promises';
import chokidar from 'chokidar';

export interface FolderWatch {
  close(): Promise<void>;
}

/**
 * Calls `onBatch` with the files dropped into `dir`, a short quiet period after the last
 * one arrives, so a listing and the files it describes are ingested together. With
 * `removeAfter`, files are deleted once `onBatch` has handled them (they are stored by
 * then); a failed batch leaves its files in place for the next attempt.
 */
export function watchFolder(
  dir: string,
  onBatch: (paths: string[]) => Promise<void>,
  options: { quietMs?: number; removeAfter?: boolean; onError: (error: unknown) => void },
): FolderWatch {
  const waiting = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const flush = () => {
    const batch = [...waiting];
    waiting.clear();
    running = running.then(async () => {
      try {
        await onBatch(batch);
        if (options.removeAfter) await Promise.all(batch.map((file) => rm(file, { force: true })));
      } catch (error) {
        options.onError(error);
      }
    });
  };
  const watcher = chokidar.watch(dir, {
    ignored: (file, stats) => Boolean(stats?.isFile()) && /(^|[\\/])\.|\.(md|part|tmp)$/i.test(file),
    // A link is handed over as itself (the reader skips it, and it is removed with its
    // batch), never followed into the file or folder it points at.
    followSymlinks: false,
    ignoreInitial: false,
    awaitWriteFinish: { stabilityThreshold: 500, pollInterval: 100 },
  });
  watcher.on('add', (file) => {
    waiting.add(file);
    clearTimeout(timer);
    timer = setTimeout(flush, options.quietMs ?? 1_000);
  });
  watcher.on('error', options.onError);
  return {
    async close() {
      clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}
