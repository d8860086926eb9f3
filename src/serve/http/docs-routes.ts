import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginCallback } from 'fastify';

/**
 * The documentation page runs only swagger-ui's own scripts and stylesheets, all served from
 * /docs/static (the page has no inline script or style; React sets styles through the CSSOM,
 * which style-src does not govern); its icons are data: images in the stylesheet; it fetches
 * the OpenAPI document and "Try it out" calls from this origin only; and it may not be framed.
 * The explorer's headers (EXPLORER_HEADERS) with what swagger-ui needs beside them. Checked in
 * Chromium: the page renders and "Try it out" runs, with no violation reported.
 */
export const DOCS_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    // The one inline style: the <style> of the two fills of swagger-ui's top-bar logo (an SVG
    // in swagger-ui-standalone-preset.js), allowed by its hash and nothing else.
    "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/**
 * `/docs`: swagger-ui over the OpenAPI document, every response of it (the page, its static
 * files, /docs/json) with DOCS_HEADERS. The hook sits in the plugin that registers swagger-ui,
 * so it covers the static files swagger-ui serves through @fastify/static, which its own route
 * hooks (`uiHooks`) do not.
 */
export function docsRoutes(): FastifyPluginCallback {
  return (app, _options, done) => {
    app.addHook('onRequest', (_request, reply, next) => {
      void reply.headers(DOCS_HEADERS);
      next();
    });
    void app.register(swaggerUi, { routePrefix: '/docs' });
    done();
  };
}
