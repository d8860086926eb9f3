/**
 * What importing a file loads at run time: the files its static imports and re-exports reach,
 * type-only ones left out (they are erased), and the packages those name. A front door loads
 * every file it re-exports, so this is the check that a door costs its importers nothing they
 * do not use (ADR 21). `npm run measure:modules -- --loads <file>...` prints it.
 */
import ts from 'typescript';

/** The specifiers a file's static imports and re-exports load at run time (not `import type`, nor `import()`). */
export function loadedSpecifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const onlyTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
    elements.length > 0 && elements.every((element) => element.isTypeOnly);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) return [];
      const named = clause?.namedBindings;
      if (clause && !clause.name && named && ts.isNamedImports(named) && onlyTypes(named.elements)) return [];
      return [statement.moduleSpecifier.text];
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.isTypeOnly) return [];
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause) && onlyTypes(clause.elements)) return [];
      return [statement.moduleSpecifier.text];
    }
    return [];
  });
}

export interface LoadGraph {
  /** The repository files loaded, the starts included. */
  readonly files: ReadonlySet<string>;
  /** The packages (not node: built-ins) they import, sorted. */
  readonly packages: readonly string[];
}

/**
 * The load graph from `starts`: `read` gives a file's text, `resolve` a specifier's repository
 * file from the importing file (undefined for a package).
 */
export function loadGraph(
  starts: readonly string[],
  read: (file: string) => string,
  resolve: (from: string, specifier: string) => string | undefined,
): LoadGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [...starts];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of loadedSpecifiers(file, read(file))) {
      const target = resolve(file, specifier);
      if (target !== undefined) pending.push(target);
      else if (!specifier.startsWith('.') && !specifier.startsWith('#') && !specifier.startsWith('node:')) packages.add(specifier);
    }
  }
  return { files, packages: [...packages].sort() };
}
