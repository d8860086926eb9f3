import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

// The documentation's links and the code paths it names, checked against the repository:
// a relative link must reach a file or folder that exists (and, into a Markdown file, a
// heading of it); inline code that names a repository path must name one that exists.
// docs/lint.md says what is checked and what is skipped.

export interface Problem {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** The repository's top-level folders: inline code starting with one of them is a path. */
export const TOP_LEVEL_FOLDERS = [
  'src',
  'projections',
  'schemas',
  'services',
  'tools',
  'bench',
  'scripts',
  'test',
  'docs',
  'eslint',
  'deploy',
  'sample-data',
  'fixtures',
  '.ci',
] as const;

// Never walked for documentation; folders that only exist once built or run (dist, data) are
// not paths of the repository either.
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', '.git']);
const FIXTURE_FOLDERS = ['fixtures', 'test/fixtures'];

/** The documentation files under root, as sorted paths relative to it. */
export function docFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !FIXTURE_FOLDERS.includes(child)) walk(child);
      } else if (entry.isFile() && isDocumentation(child)) {
        found.push(child);
      }
    }
  };
  walk('');
  return found.sort();
}

function isDocumentation(file: string): boolean {
  if (!file.endsWith('.md')) return false;
  return !file.includes('/') || file.startsWith('docs/') || path.posix.basename(file) === 'README.md';
}

/** Every problem of the given documentation files (paths relative to root). */
export function checkDocs(root: string, files: readonly string[]): Problem[] {
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = (absolute: string): Set<string> => {
    let known = anchors.get(absolute);
    if (!known) {
      known = headingAnchors(fromMarkdown(readFileSync(absolute, 'utf8')));
      anchors.set(absolute, known);
    }
    return known;
  };
  return files.flatMap((file) => checkFile(root, file, anchorsOf));
}

function checkFile(root: string, file: string, anchorsOf: (absolute: string) => Set<string>): Problem[] {
  const absolute = path.join(root, file);
  const tree = fromMarkdown(readFileSync(absolute, 'utf8'));
  const problems: Problem[] = [];
  const report = (node: Nodes, message: string): void => {
    problems.push({ file, line: node.position?.start.line ?? 0, message });
  };
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const message = checkLink(root, absolute, node.url, anchorsOf);
      if (message) report(node, message);
    } else if (node.type === 'inlineCode') {
      for (const named of repositoryPaths(node.value)) {
        if (!existsSync(path.join(root, named))) report(node, `\`${node.value}\` names ${named}, which does not exist`);
      }
    }
  });
  return problems;
}

function checkLink(root: string, from: string, url: string, anchorsOf: (absolute: string) => Set<string>): string | undefined {
  // External (http:, https:, mailto:, ...) and protocol-relative links are not fetched.
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined;
  const hash = url.indexOf('#');
  const target = decode(hash === -1 ? url : url.slice(0, hash)).replace(/\?.*$/, '');
  const anchor = hash === -1 ? undefined : decode(url.slice(hash + 1));
  const absolute = target === '' ? from : path.resolve(path.dirname(from), target);
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return undefined;
  if (!existsSync(absolute)) return `link to ${url}: ${path.relative(root, absolute)} does not exist`;
  if (anchor === undefined || anchor === '' || !absolute.endsWith('.md') || !statSync(absolute).isFile()) {
    return undefined;
  }
  if (anchorsOf(absolute).has(anchor.toLowerCase())) return undefined;
  return `link to ${url}: no heading of ${path.relative(root, absolute)} has the anchor #${anchor}`;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The anchors GitHub gives a Markdown file: one per heading, and HTML ids and names. */
export function headingAnchors(tree: Root): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  visit(tree, (node) => {
    if (node.type === 'heading') anchors.add(slugger.slug(plainText(node)));
    if (node.type === 'html') {
      for (const match of node.value.matchAll(/\b(?:id|name)\s*=\s*["']([^"']+)["']/g)) {
        if (match[1] !== undefined) anchors.add(match[1].toLowerCase());
      }
    }
  });
  return anchors;
}

function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  return 'children' in node ? node.children.map((child) => plainText(child)).join('') : '';
}

// MCP's method names read like paths under tools/.
const NOT_PATHS = new Set(['tools/list', 'tools/call']);
// The kinds of file the repository's code is written in: a folder and such a file name is a path
// of the repository even without a top-level folder, while other file names with a folder
// (`intraday/INFY.csv`) are more often a file of a corpus or an archive.
const CODE_FILE = /^[\w.@-]+(?:\/[\w.@-]+)+\.(?:ts|mts|cts|js|mjs|cjs|sql)$/;

/** The repository paths that inline code names: a command (`npx tsx bench/x.ts`) names several. */
export function repositoryPaths(code: string): string[] {
  return code.split(/\s+/).flatMap((word) => repositoryPath(word) ?? []);
}

/**
 * The repository path that a word of inline code names, relative to the root, or undefined when it
 * names none: a path starts with a top-level folder, or is a folder and a code file name. A
 * trailing #anchor or :line goes; globs, placeholders and paths outside the repository are not
 * paths to check.
 */
export function repositoryPath(code: string): string | undefined {
  const text = code
    .trim()
    .replace(/#.*$/, '')
    .replace(/:\d+(?:[-:]\d+)?$/, '')
    .replace(/^\.\//, '');
  if (text === '' || /\s/.test(text) || text.startsWith('../') || text.startsWith('/') || NOT_PATHS.has(text)) {
    return undefined;
  }
  // Globs (`src/**/*.ts`), placeholders (`<format>`, `NNNN_name.sql`, `...`), shell variables.
  if (/[*?[\]{}<>$|]/.test(text) || text.includes('...') || /(?:^|[/_.-])([A-Z])\1{2,}(?=[/_.-]|$)/.test(text)) {
    return undefined;
  }
  const top = text.split('/')[0] ?? '';
  if (text.includes('/') && (TOP_LEVEL_FOLDERS as readonly string[]).includes(top)) return text;
  return !SKIPPED_FOLDERS.has(top) && CODE_FILE.test(text) ? text : undefined;
}

function visit(node: Nodes, each: (node: Nodes) => void): void {
  each(node);
  if ('children' in node) for (const child of node.children) visit(child, each);
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}: ${problem.message}`;
}
