import { existsSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import {
  DEVELOPMENT_SOURCES,
  frontDoorOf,
  importVisitors,
  isProductionPath,
  moduleOf,
  PRODUCTION_SOURCES,
  resolveImport,
  subpathOf,
} from './modules.js';

// How one module names another's files (docs/architecture.md "Modules", ADR 21): by a subpath
// import (package.json "imports": `#platform/db`), never by a relative path that
// climbs out of the module; inside a module, by relative paths. A module with a front door
// (its `index.ts`, re-exporting by name what it offers, never `export *`) is entered only
// through it, and a module others import has one; specs and test/ may reach inside a module to
// set a scenario up.

/** Repository-relative with forward slashes. */
const relativeTo = (root, file) => path.relative(root, file).split(path.sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
const frontDoor = {
  meta: {
    type: 'problem',
    docs: { description: 'Name another module by its subpath import, and through its front door where it has one.' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, doors: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
    messages: {
      climbs: "'{{specifier}}' climbs out of this module into {{module}}: import it as '{{subpath}}'.",
      own: "'{{specifier}}' names this file's own module: inside a module, import by a relative path.",
      door: "'{{specifier}}' reaches inside {{module}}: enter it through its front door '{{door}}' ({{doorFile}}), and add what is missing there.",
      noDoor:
        "'{{specifier}}' reaches inside {{module}}, which has no front door: give it one ({{doorFile}}, re-exporting by name what other modules use) and import '{{door}}'.",
      star: "A front door names what it offers: re-export by name from '{{specifier}}', not with export *.",
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const doors = context.options[0]?.doors ?? true;
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const fromModule = moduleOf(relativeTo(root, file));
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      const resolved = resolveImport(file, specifier);
      if (resolved === undefined) return;
      const target = relativeTo(root, resolved);
      if (!isProductionPath(target)) return;
      const module = moduleOf(target);
      const doorFile = frontDoorOf(module);
      const data = { specifier, module, subpath: subpathOf(target), door: subpathOf(doorFile), doorFile };
      if (module === fromModule) {
        if (specifier.startsWith('#')) context.report({ node, messageId: 'own', data });
      } else if (!specifier.startsWith('#')) {
        context.report({ node, messageId: 'climbs', data });
      } else if (doors && target !== doorFile) {
        context.report({ node, messageId: existsSync(path.join(root, doorFile)) ? 'door' : 'noDoor', data });
      }
    };
    const isDoor = frontDoorOf(fromModule) === relativeTo(root, file) && !fromModule.endsWith('.ts');
    return {
      ...importVisitors(check),
      ExportAllDeclaration: (node) => {
        if (isDoor) context.report({ node, messageId: 'star', data: { specifier: node.source.value } });
        check(node, node.source);
      },
    };
  },
};

const plugin = { rules: { 'front-door': frontDoor } };

/**
 * Flat-config entries: every TypeScript file names other modules by subpath imports; outside
 * specs and test/, through their front doors where they have one.
 * @param {{ root: string }} options
 * @returns {import('eslint').Linter.Config[]}
 */
export function frontDoors({ root }) {
  const shared = { languageOptions: { parser: tseslint.parser }, plugins: { modules: plugin } };
  const specs = ['**/*.spec.ts', '**/*.contract.ts', 'test/**/*.ts'];
  return [
    {
      ...shared,
      files: [...PRODUCTION_SOURCES, ...DEVELOPMENT_SOURCES],
      ignores: specs,
      rules: { 'modules/front-door': ['error', { root, doors: true }] },
    },
    { ...shared, files: specs, rules: { 'modules/front-door': ['error', { root, doors: false }] } },
  ];
}
