import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The modules of docs/architecture.md "Modules" and how an import names a file. Shared by the
// lint's front-door and cycle rules and `npm run measure:modules` (scripts/module-measures.ts).
// Paths here are repository-relative with forward slashes.

/** Folders whose sub-folders are modules; the deepest that holds a file decides. */
export const MODULE_ROOTS = [
  'src/platform',
  'src/domain',
  'src/ingest',
  'src/ingest/formats',
  'src/ingest/shared',
  'src/read',
  'src/serve',
  'src/runtime',
  'projections',
  'schemas',
  'services',
];

/** The TypeScript that ships, and the development code held to the same arrows. */
export const PRODUCTION_SOURCES = ['src/**/*.ts', 'projections/**/*.ts', 'schemas/**/*.ts', 'services/**/*.ts'];
export const DEVELOPMENT_SOURCES = ['tools/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'];

/**
 * A rule's visitors for every place a file names another: imports, re-exports, `import()` and
 * `import('…')` types. `check` gets the node and its specifier's literal.
 * @param {(node: any, source: any) => void} check
 */
export const importVisitors = (check) => ({
  ImportDeclaration: (node) => check(node, node.source),
  ExportNamedDeclaration: (node) => check(node, node.source),
  ExportAllDeclaration: (node) => check(node, node.source),
  ImportExpression: (node) => check(node, node.source),
  TSImportType: (node) => check(node, node.argument?.literal ?? node.argument),
});

/** The folders that ship: the only ones whose modules have front doors. */
export const PRODUCTION_FOLDERS = ['src', 'projections', 'schemas', 'services'];

/** @param {string} file */
export const isProductionPath = (file) => PRODUCTION_FOLDERS.some((folder) => file.startsWith(`${folder}/`));

/**
 * The module a repository-relative file belongs to: the first folder below its deepest layer
 * root (`src/read/facts`, `src/ingest/formats/nse-cm-bhavcopy`), or the file itself when it
 * lies directly in a root (`src/platform/package-root.ts`, `src/runtime/start-service.ts`).
 * @param {string} file
 * @returns {string}
 */
export function moduleOf(file) {
  const root = MODULE_ROOTS.filter((candidate) => file.startsWith(`${candidate}/`)).sort((a, b) => b.length - a.length)[0];
  if (root === undefined) return path.posix.dirname(file);
  const [first, ...rest] = file.slice(root.length + 1).split('/');
  return rest.length === 0 ? file : `${root}/${first}`;
}

/**
 * A module's front door, when it has one: its `index.ts` (`src/platform/errors/index.ts`).
 * @param {string} module
 * @returns {string}
 */
export const frontDoorOf = (module) => (module.endsWith('.ts') ? module : `${module}/index.ts`);

/**
 * The subpath import (package.json "imports") that names a production file from another module:
 * `#platform/db/iso-instant` for src/platform/db/iso-instant.ts, `#platform/errors` for a
 * module's door, `#projections` for projections/index.ts.
 * @param {string} file
 * @returns {string}
 */
export function subpathOf(file) {
  const module = moduleOf(file);
  const named = file === frontDoorOf(module) && !module.endsWith('.ts') ? module : file.replace(/\.ts$/, '');
  const subpath = named.replace(/^src\//, '');
  return subpath === 'projections/index' ? '#projections' : `#${subpath}`;
}

/** package.json "imports" of the package holding a folder, read once. */
const importsMaps = new Map();

function importsMapFor(folder) {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (importsMaps.has(file)) return importsMaps.get(file);
    if (existsSync(file)) {
      const map = { dir, imports: JSON.parse(readFileSync(file, 'utf8')).imports ?? {} };
      importsMaps.set(file, map);
      return map;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Where a `#` specifier leads, as Node resolves package.json "imports" (exact key first, then the longest pattern). */
function resolveSubpath(fromFile, specifier) {
  const map = importsMapFor(path.dirname(fromFile));
  if (map === undefined) return undefined;
  let target = typeof map.imports[specifier] === 'string' ? map.imports[specifier] : undefined;
  if (target === undefined) {
    const patterns = Object.keys(map.imports)
      .filter((key) => key.includes('*'))
      .sort((a, b) => b.indexOf('*') - a.indexOf('*') || b.length - a.length);
    for (const key of patterns) {
      const [prefix, suffix] = key.split('*');
      if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix) || specifier.length < key.length - 1) continue;
      const middle = specifier.slice(prefix.length, specifier.length - suffix.length);
      if (typeof map.imports[key] === 'string') target = map.imports[key].replaceAll('*', middle);
      break;
    }
  }
  if (target === undefined) return undefined;
  const file = path.resolve(map.dir, target);
  return existsSync(file) ? file : undefined;
}

/**
 * The absolute file a relative or `#` specifier names, or undefined (a package, or a missing file).
 * @param {string} fromFile
 * @param {string} specifier
 * @returns {string | undefined}
 */
export function resolveImport(fromFile, specifier) {
  if (specifier.startsWith('#')) return resolveSubpath(fromFile, specifier);
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => /\.(ts|js|mjs)$/.test(candidate) && existsSync(candidate));
}
