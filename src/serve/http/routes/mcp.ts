import { hostHeaderValidation } from '@modelcontextprotocol/fastify';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { buildMcpServer } from '../../mcp/build-mcp-server.ts';
import type { McpDeps } from '../../mcp/mcp-deps.ts';

export interface McpRouteOptions {
  readonly deps: McpDeps;
  /** Host header names accepted (DNS rebinding protection); every host when absent. */
  readonly allowedHosts?: readonly string[] | undefined;
}

/** The Fastify request as the web-standard Request the SDK's handler serves, aborted if the client goes away. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? { body: new Uint8Array(request.body) } : {};
  return new Request(new URL(request.url, 'http://localhost'), { method: request.method, headers, signal: controller.signal, ...body });
}

/**
 * The MCP tool server over Streamable HTTP at `/mcp/`, and at `/mcp` alike (no redirect:
 * clients and proxies break on one). The SDK's handler serves the 2026-07-28 revision and
 * the 2025 ones (stateless), building a fresh server for every request from the same tools.
 * Authentication and rate limits are the app's hooks, as on every route. The SDK reads the
 * body itself, so its own errors (parse error, wrong content type) answer as MCP defines them.
 */
export function mcpRoutes(options: McpRouteOptions): FastifyPluginCallback {
  return (app, _options, done) => {
    const handler = createMcpHandler(() => buildMcpServer(options.deps), {
      onerror: (error) => app.log.warn({ err: error }, 'MCP request failed'),
    });
    app.addHook('onClose', () => handler.close());
    // Scoped to this plugin: the body reaches the SDK as received.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) => parsed(null, body));
    if (options.allowedHosts) app.addHook('onRequest', hostHeaderValidation([...options.allowedHosts]));
    const serve = async (request: FastifyRequest, reply: FastifyReply) => reply.send(await handler.fetch(toWebRequest(request, reply)));
    for (const url of ['/mcp', '/mcp/']) {
      app.route({ method: ['GET', 'POST', 'DELETE'], url, schema: { hide: true }, handler: serve });
    }
    done();
  };
}
