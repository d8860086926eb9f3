import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Problem } from '#ingest/shared/parser';
import type { ListedFile } from './listed-file.ts';

export const KNOWN_AT_MANIFEST = 'known-at.json';

// Notes that travel with data folders (SOURCES.md, READMEs, the known-at.json manifest) and
// hidden files are not data.
export const isIgnored = (name: string) => name.startsWith('.') || /\.md$/i.test(name) || name === KNOWN_AT_MANIFEST;

/** What a folder entry that is not a regular file or a folder is, in words. */
export function describeSkipped(entry: Dirent | Stats): string {
  if (entry.isSymbolicLink()) return 'a symbolic link: skipped, links are not followed';
  if (entry.isFIFO()) return 'a FIFO (named pipe): skipped, not a regular file';
  if (entry.isSocket()) return 'a socket: skipped, not a regular file';
  if (entry.isCharacterDevice()) return 'a character device: skipped, not a regular file';
  if (entry.isBlockDevice()) return 'a block device: skipped, not a regular file';
  return 'not a regular file: skipped';
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Listing {
  readonly files: ListedFile[];
  readonly problems: Problem[];
}

const listed = (file: string, realPath: string, stats: Stats): ListedFile => ({
  path: file,
  realPath,
  dev: stats.dev,
  ino: stats.ino,
  size: stats.size,
});

/** One path below a listing's root: a regular file, a folder to walk, or something skipped and said so. */
async function listPath(file: string, realPath: string, listing: Listing): Promise<void> {
  const stats = await lstat(file).catch((error: unknown) => {
    listing.problems.push({ where: file, message: `cannot be read: ${errorText(error)}` });
    return undefined;
  });
  if (!stats) return;
  if (stats.isFile()) listing.files.push(listed(file, realPath, stats));
  else if (stats.isDirectory()) await walk(file, realPath, listing);
  else listing.problems.push({ where: file, message: describeSkipped(stats) });
}

async function walk(dir: string, realDir: string, listing: Listing): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    listing.problems.push({ where: dir, message: `the folder cannot be read: ${errorText(error)}` });
    return [];
  });
  for (const entry of entries.filter((e) => !isIgnored(e.name)).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(dir, entry.name);
    // Dirent types come from the folder itself (lstat where the file system does not say):
    // a link is never followed, to a file or to a folder.
    if (entry.isFile() || entry.isDirectory()) await listPath(file, path.join(realDir, entry.name), listing);
    else listing.problems.push({ where: file, message: describeSkipped(entry) });
  }
}

/**
 * The regular files under the given paths, folders walked recursively, in name order.
 * Symbolic links, FIFOs, sockets and devices met on the way are skipped and reported, never
 * opened or walked. A named path is followed when it is itself a link (the operator named
 * it), unless `within` is given: then the paths are files a watcher found in that folder,
 * and a link among them is skipped like any other.
 */
export async function listInputs(inputs: readonly string[], within?: string): Promise<Listing> {
  const listing: Listing = { files: [], problems: [] };
  const realWithin = within === undefined ? undefined : await realpath(within).catch(() => path.resolve(within));
  for (const input of inputs) {
    if (within !== undefined && realWithin !== undefined) {
      const below = path.relative(path.resolve(within), path.resolve(input));
      if (below.startsWith('..') || path.isAbsolute(below)) {
        listing.problems.push({ where: input, message: `not inside ${within}: skipped` });
        continue;
      }
      await listPath(input, path.join(realWithin, below), listing);
      continue;
    }
    const real = await realpath(input).catch(() => undefined);
    if (real === undefined) {
      listing.problems.push({ where: input, message: 'no such file or folder' });
      continue;
    }
    const named = await lstat(input).catch(() => undefined);
    await listPath(named?.isSymbolicLink() ? real : input, real, listing);
  }
  return listing;
}
