/**
 * npm run measure:modules: the measures of docs/architecture.md "Modules", on the production
 * files (TypeScript under src/, projections/, schemas/ and services/, specs excluded):
 * - the files imported from outside their module, as a share of all;
 * - the imports that cross a module's edge, the share of them that go through its front
 *   door (its `index.ts`), and how many climb there by a relative path instead of a subpath
 *   import (package.json "imports");
 * - import cycles between files, type-only imports counted (strongly connected components of
 *   more than one file), and between modules (modules that import each other through any files).
 * A module is the first folder below a layer root (MODULE_ROOTS): `src/read/facts`,
 * `src/ingest/formats/nse-cm-bhavcopy`, `projections/prices`; a file directly in a layer root
 * is a module of its own (`src/platform/package-root.ts`, `src/runtime/start-service.ts`); eslint/modules.js
 * holds the definition.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { stronglyConnected } from '../eslint/components.js';
import { frontDoorOf, moduleOf, PRODUCTION_FOLDERS, resolveImport } from '../eslint/modules.js';
import { PACKAGE_ROOT } from '#platform/package-root';
import { loadGraph } from './load-graph.ts';

const isProductionFile = (file: string) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.d.ts');

function filesBelow(root: string, folder: string): string[] {
  const entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return filesBelow(root, relative);
    return isProductionFile(relative) ? [relative] : [];
  });
}

/**
 * The repository-relative files a file imports (type-only imports and re-exports included):
 * relative specifiers, and `#` subpath imports as `subpath` resolves them.
 */
export function importsOf(
  file: string,
  text: string,
  exists: (file: string) => boolean,
  subpath: (specifier: string) => string | undefined = () => undefined,
): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (fileName.startsWith('#')) {
      const target = subpath(fileName);
      return target !== undefined && exists(target) ? [target] : [];
    }
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
      if (target === frontDoorOf(moduleOf(target))) throughFrontDoor++;
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

/** `--loads <file>...`: what importing those files loads (scripts/load-graph.ts). */
function printLoads(root: string, starts: readonly string[]): void {
  const graph = loadGraph(
    starts.map((file) => path.resolve(root, file)),
    (file) => readFileSync(file, 'utf8'),
    (from, specifier) => resolveImport(from, specifier),
  );
  console.log(`${starts.join(' ')} load ${graph.files.size} files and the packages ${graph.packages.join(' ') || '(none)'}`);
}

const loadsAt = process.argv.indexOf('--loads');
if (import.meta.url === `file://${process.argv[1]}` && loadsAt !== -1) {
  printLoads(PACKAGE_ROOT, process.argv.slice(loadsAt + 1));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const root = PACKAGE_ROOT;
  const all = PRODUCTION_FOLDERS.flatMap((folder) => filesBelow(root, folder));
  const known = new Set(all);
  const subpathOf = (file: string) => (specifier: string) => {
    const target = resolveImport(path.join(root, file), specifier);
    return target === undefined ? undefined : path.relative(root, target).split(path.sep).join('/');
  };
  const texts = new Map(all.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
  const graph = new Map(all.map((file) => [file, importsOf(file, texts.get(file) ?? '', (f) => known.has(f), subpathOf(file))]));
  const measures = measureModules(graph);
  // The same imports, relative ones only: those that cross an edge climb out of their module.
  const relativeOnly = new Map(all.map((file) => [file, importsOf(file, texts.get(file) ?? '', (f) => known.has(f))]));
  const climbing = measureModules(relativeOnly).crossingImports;
  console.log(`production files: ${measures.files}`);
  console.log(
    `imported from outside their module: ${measures.importedFromOutside} (${share(measures.importedFromOutside, measures.files)})`,
  );
  console.log(
    `imports across a module's edge: ${measures.crossingImports}, through a front door: ${measures.throughFrontDoor} (${share(measures.throughFrontDoor, measures.crossingImports)})`,
  );
  console.log(`imports across a module's edge by a relative path (climbing): ${climbing}`);
  console.log(`file cycles, type imports counted: ${measures.cycles.length}`);
  for (const cycle of measures.cycles) console.log(`  ${cycle.join(' ')}`);
  console.log(`module cycles, type imports counted: ${measures.moduleCycles.length}`);
  for (const cycle of measures.moduleCycles) console.log(`  ${cycle.join(' ')}`);
}
