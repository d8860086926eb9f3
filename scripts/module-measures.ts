/**
 * npm run measure:modules: the measures of docs/architecture.md "Modules", on the production
 * files (TypeScript under src/, projections/, schemas/ and services/, specs excluded):
 * - the files imported from outside their module, as a share of all;
 * - the imports that cross a module's edge, and the share of them that go through its front
 *   door (its `index.ts`);
 * - import cycles between files, type-only imports counted (strongly connected components of
 *   more than one file), and between modules (modules that import each other through any files).
 * A module is the first folder below a layer root (MODULE_ROOTS): `src/read/facts`,
 * `src/ingest/formats/nse-cm-bhavcopy`, `projections/prices`; a file directly in a layer root
 * is a module of its own (`src/platform/config.ts`), and `src/runtime` is one module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { stronglyConnected } from '../eslint/components.js';
import { PACKAGE_ROOT } from '../src/platform/package-root.ts';

/** Folders whose sub-folders are modules; the deepest that holds a file decides. */
export const MODULE_ROOTS = [
  'src/platform',
  'src/domain',
  'src/ingest',
  'src/ingest/formats',
  'src/ingest/shared',
  'src/read',
  'src/serve',
  'projections',
  'schemas',
  'services',
] as const;

const PRODUCTION_FOLDERS = ['src', 'projections', 'schemas', 'services'];

const isProductionFile = (file: string) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.d.ts');

function filesBelow(root: string, folder: string): string[] {
  const entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return filesBelow(root, relative);
    return isProductionFile(relative) ? [relative] : [];
  });
}

/** The module a repository-relative file belongs to. */
export function moduleOf(file: string): string {
  if (file.startsWith('src/runtime/')) return 'src/runtime';
  const root = [...MODULE_ROOTS].filter((candidate) => file.startsWith(`${candidate}/`)).sort((a, b) => b.length - a.length)[0];
  if (root === undefined) return path.posix.dirname(file);
  const [first, ...rest] = file.slice(root.length + 1).split('/');
  // A sub-folder that is itself a layer root (src/ingest/formats) was matched as the deeper root.
  return rest.length === 0 ? file : `${root}/${first}`;
}

/** The repository-relative files a file imports (type-only imports and re-exports included). */
export function importsOf(file: string, text: string, exists: (file: string) => boolean): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName));
    return exists(target) ? [target] : [];
  });
}

export interface ModuleMeasures {
  readonly files: number;
  readonly importedFromOutside: number;
  readonly crossingImports: number;
  readonly throughFrontDoor: number;
  /** Each cycle's files, sorted. */
  readonly cycles: readonly (readonly string[])[];
  /** Each cycle's modules, sorted: modules that import each other, through whichever files. */
  readonly moduleCycles: readonly (readonly string[])[];
}

export function measureModules(files: ReadonlyMap<string, readonly string[]>): ModuleMeasures {
  const importedFromOutside = new Set<string>();
  let crossingImports = 0;
  let throughFrontDoor = 0;
  for (const [file, targets] of files) {
    for (const target of targets) {
      if (moduleOf(target) === moduleOf(file)) continue;
      crossingImports++;
      importedFromOutside.add(target);
      if (target === `${moduleOf(target)}/index.ts` || moduleOf(target) === target) throughFrontDoor++;
    }
  }
  const modules = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const edges = modules.get(moduleOf(file)) ?? new Set<string>();
    for (const target of targets) if (moduleOf(target) !== moduleOf(file)) edges.add(moduleOf(target));
    modules.set(moduleOf(file), edges);
  }
  return {
    files: files.size,
    importedFromOutside: importedFromOutside.size,
    crossingImports,
    throughFrontDoor,
    cycles: cyclesOf(files),
    moduleCycles: cyclesOf(new Map([...modules].map(([name, edges]) => [name, [...edges]]))),
  };
}

/** Strongly connected components of more than one node, each sorted. */
const cyclesOf = (graph: ReadonlyMap<string, readonly string[]>): string[][] =>
  stronglyConnected(graph.keys(), (node) => graph.get(node) ?? [])
    .filter((component) => component.length > 1)
    .map((component) => component.sort());

const share = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(0)}%`);

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = PACKAGE_ROOT;
  const all = PRODUCTION_FOLDERS.flatMap((folder) => filesBelow(root, folder));
  const known = new Set(all);
  const graph = new Map(all.map((file) => [file, importsOf(file, readFileSync(path.join(root, file), 'utf8'), (f) => known.has(f))]));
  const measures = measureModules(graph);
  console.log(`production files: ${measures.files}`);
  console.log(
    `imported from outside their module: ${measures.importedFromOutside} (${share(measures.importedFromOutside, measures.files)})`,
  );
  console.log(
    `imports across a module's edge: ${measures.crossingImports}, through a front door: ${measures.throughFrontDoor} (${share(measures.throughFrontDoor, measures.crossingImports)})`,
  );
  console.log(`file cycles, type imports counted: ${measures.cycles.length}`);
  for (const cycle of measures.cycles) console.log(`  ${cycle.join(' ')}`);
  console.log(`module cycles, type imports counted: ${measures.moduleCycles.length}`);
  for (const cycle of measures.moduleCycles) console.log(`  ${cycle.join(' ')}`);
}
