import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginCallback } from 'fastify';

/** Where the page's own files live (plain HTML, CSS and browser ES modules: no build step). */
const PAGE_DIR = fileURLToPath(new URL('./page/', import.meta.url));

/** uPlot's published ESM build and stylesheet, served from the installed package. */
const UPLOT_DIST = path.dirname(createRequire(import.meta.url).resolve('uplot'));

const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const;

/**
 * Every file the explorer serves: the URL under /explore, the file on disk, its type. A fixed
 * list, so no part of a request ever becomes a path on disk.
 */
const FILES: readonly (readonly [url: string, file: string, type: keyof typeof TYPES])[] = [
  ['/explore', path.join(PAGE_DIR, 'index.html'), 'html'],
  ['/explore/', path.join(PAGE_DIR, 'index.html'), 'html'],
  ['/explore/explorer.css', path.join(PAGE_DIR, 'explorer.css'), 'css'],
  ...['app', 'api', 'dom', 'format', 'chart', 'state', 'as-of-control', 'latest'].map(
    (name) => [`/explore/${name}.js`, path.join(PAGE_DIR, `${name}.js`), 'js'] as const,
  ),
  ...['company', 'financials', 'timeline', 'measure', 'ownership', 'prices', 'coverage'].map(
    (name) => [`/explore/views/${name}.js`, path.join(PAGE_DIR, 'views', `${name}.js`), 'js'] as const,
  ),
  ['/explore/vendor/uPlot.esm.js', path.join(UPLOT_DIST, 'uPlot.esm.js'), 'js'],
  ['/explore/vendor/uPlot.min.css', path.join(UPLOT_DIST, 'uPlot.min.css'), 'css'],
];

/**
 * The page calls only this origin's API, runs only its own scripts and styles (uPlot sets
 * styles through the CSSOM, which style-src does not govern), and may not be framed.
 */
export const EXPLORER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-cache',
};

/**
 * `/explore`: the provenance explorer, a page that reads the public API with the key the
 * user gives it (docs/explorer.md). The files are read once, when the routes are registered.
 */
export function explorerRoutes(): FastifyPluginCallback {
  return (app, _options, done) => {
    for (const [url, file, type] of FILES) {
      const body = readFileSync(file);
      app.get(url, { schema: { hide: true } }, (_request, reply) => reply.headers(EXPLORER_HEADERS).type(TYPES[type]).send(body));
    }
    done();
  };
}
