import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from './generate-company.ts';

/** Whether a folder can take a dataset: missing or empty, so files of an earlier run never mix in. */
export function isFreshFolder(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * The generator's one piece of I/O: writes each file under `root` as it comes, creating
 * folders once, so a large dataset goes to disk without being held in memory.
 */
export function createFolderWriter(root: string): (file: GeneratedFile) => void {
  const made = new Set<string>();
  return (file) => {
    const target = path.join(root, ...file.path.split('/'));
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(target, file.bytes);
  };
}
