import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { stronglyConnected } from './components.js';
import { importVisitors, resolveImport } from './modules.js';

// An import cycle check that sees every import: value, type-only (`import type`, inline
// `type` specifiers, `export type … from`), re-exports and dynamic `import()`.
// import-x/no-cycle skips type-only imports, so two modules that need each other's types
// would pass it; here they are a cycle like any other (docs/architecture.md "The rules").
// Relative and `#` (package.json "imports") specifiers are followed: packages cannot import
// the repository back.

/** file → the files it imports, read once per lint run. */
const importsCache = new Map();

function importsOf(file) {
  let imports = importsCache.get(file);
  if (imports === undefined) {
    const text = readFileSync(file, 'utf8');
    const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((entry) => entry.fileName);
    imports = [...new Set(specifiers.map((specifier) => resolveImport(file, specifier)).filter(Boolean))];
    importsCache.set(file, imports);
  }
  return imports;
}

// Strongly connected components, found incrementally: a component, once found, is final (no
// path leads from it back to a file not in it), so each lint run walks every module once
// however many files it lints, and later walks leave the components found out.
const componentOf = new Map();
let nextComponent = 0;

function findComponents(start) {
  if (componentOf.has(start)) return;
  const unassigned = (file) => importsOf(file).filter((next) => !componentOf.has(next));
  for (const component of stronglyConnected([start], unassigned)) {
    const id = nextComponent++;
    for (const member of component) componentOf.set(member, id);
  }
}

/** The shortest import path from `from` back to `to`, inside their component. */
function routeBack(from, to) {
  const component = componentOf.get(to);
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) break;
    for (const next of importsOf(file)) {
      if (previous.has(next) || componentOf.get(next) !== component) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  const route = [];
  for (let file = to; file !== undefined; file = previous.get(file)) route.unshift(file);
  return route;
}

/** Forgets the graph when a file changed since it was read (a long-running editor session). */
let readAt = 0;
function forgetIfChanged(file) {
  const changed = statSync(file).mtimeMs;
  if (changed > readAt) {
    importsCache.clear();
    componentOf.clear();
    readAt = Date.now();
  }
}

export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file) || !existsSync(file)) return {};
    forgetIfChanged(file);
    const root = context.cwd;
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveImport(file, source.value);
      if (target === undefined || target === file) return;
      findComponents(file);
      findComponents(target);
      if (componentOf.get(target) !== componentOf.get(file)) return;
      const route = routeBack(target, file).map((step) => path.relative(root, step));
      context.report({ node, messageId: 'cycle', data: { route: [path.relative(root, file), ...route].join(' → ') } });
    };
    return importVisitors(check);
  },
};
