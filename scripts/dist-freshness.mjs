// Whether dist/ holds a build of the current TypeScript sources: `npm run build` writes
// dist/.built last, holding the time the build began; a source (or package.json) saved since
// makes dist/ stale.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The folders whose files the build compiles or copies. */
const SOURCE_DIRS = ['services', 'src', 'projections', 'schemas'];

/**
 * The newest modification time of the files under `dir`, in ms.
 * @param {string} dir
 */
function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * `'fresh'`, `'stale'` (older than a source) or `'unbuilt'`, for the package at `root`.
 * @param {string} root
 * @returns {'fresh' | 'stale' | 'unbuilt'}
 */
export function distState(root) {
  const stamp = path.join(root, 'dist', '.built');
  if (!existsSync(stamp)) return 'unbuilt';
  const builtAt = Number(readFileSync(stamp, 'utf8'));
  const sourcesOlder = SOURCE_DIRS.every((dir) => newestUnder(path.join(root, dir)) < builtAt);
  // package.json's "imports" map is written into dist/package.json by the build.
  return sourcesOlder && statSync(path.join(root, 'package.json')).mtimeMs < builtAt ? 'fresh' : 'stale';
}
