import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A package.json with a name: dist/package.json, written by the build with none, is not the package's. */
const isPackageManifest = (file: string) =>
  existsSync(file) && typeof (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'string';

/**
 * The folder holding this package's package.json: the nearest named one above this module, so
 * the answer is the same whether the module runs from its TypeScript source or from the
 * compiled copy in dist/ (docs/start-up.md).
 */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (isPackageManifest(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the package, by its path from the root. */
export const packagePath = (...parts: readonly string[]) => path.join(PACKAGE_ROOT, ...parts);
