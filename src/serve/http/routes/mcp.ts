import type { hostHeaderValidation } from '@modelcontextprotocol/fastify';
import type { createMcpHandler } from '@modelcontextprotocol/server';
import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { BatchVerdict, batchVerdict, DEFAULT_MAX_BATCH_MESSAGES, invalidRequestBody, requestsOf, McpDeps } from '#serve/mcp';
import { errorHandler } from '../error-handler.ts';
import { tooDeepAt } from '../validation/json-depth.ts';

export interface McpRouteOptions {
  readonly deps: McpDeps;
  /** Host header names accepted (DNS rebinding protection); every host when absent. */
  readonly allowedHosts?: readonly string[] | undefined;
  /** Messages one JSON-RPC batch may hold (docs/mcp.md); DEFAULT_MAX_BATCH_MESSAGES when absent. */
  readonly maxBatchMessages?: number | undefined;
  /** Deepest nesting of arrays and objects a message may have; deeper is a JSON-RPC parse error. */
  readonly jsonMaxDepth: number;
}

/** A body nested deeper than the limit: answered as the SDK answers JSON it cannot parse. */
class TooDeepMessageError extends Error {}

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

/** What serves MCP, loaded on the first request to /mcp (see `mcpRoutes`). */
interface McpModules {
  readonly handler: ReturnType<typeof createMcpHandler>;
  readonly batch: {
    readonly batchVerdict: typeof batchVerdict;
    readonly DEFAULT_MAX_BATCH_MESSAGES: typeof DEFAULT_MAX_BATCH_MESSAGES;
    readonly invalidRequestBody: typeof invalidRequestBody;
    readonly requestsOf: typeof requestsOf;
  };
  readonly hostCheck: ReturnType<typeof hostHeaderValidation> | undefined;
}

/**
 * The MCP tool server over Streamable HTTP at `/mcp/`, and at `/mcp` alike (no redirect:
 * clients and proxies break on one). The SDK's handler serves the 2026-07-28 revision and
 * the 2025 ones (stateless), building a fresh server for every request from the same tools.
 * Authentication and rate limits are the app's hooks, as on every route. The SDK reads the
 * body itself, so its own errors (parse error, wrong content type) answer as MCP defines them.
 *
 * JSON-RPC batches: the route reads a batch first (`batchVerdict`), so that it counts as one
 * request per message against the key (the rate-limit hook charges `requestCost` once the
 * body is parsed, all or nothing), and refuses, as a JSON-RPC invalid request, a batch on a
 * revision without batching (2025-06-18 and later), one holding `initialize`, or one longer
 * than `maxBatchMessages`.
 *
 * The SDK and the tools are loaded on the first request to /mcp, not with the app: they are
 * the largest part of the API's modules (about 1/4 of its start-up memory and import time,
 * docs/start-up.md), and a service that is never asked MCP never holds them.
 */
export function mcpRoutes(options: McpRouteOptions): FastifyPluginCallback {
  return (app, _options, done) => {
    let loading: Promise<McpModules> | undefined;
    let loaded: McpModules | undefined;
    const load = () =>
      (loading ??= (async () => {
        const [{ createMcpHandler }, mcp, { hostHeaderValidation }] = await Promise.all([
          import('@modelcontextprotocol/server'),
          import('#serve/mcp'),
          import('@modelcontextprotocol/fastify'),
        ]);
        const handler = createMcpHandler(() => mcp.buildMcpServer(options.deps), {
          onerror: (error) => app.log.warn({ err: error }, 'MCP request failed'),
        });
        const hostCheck = options.allowedHosts ? hostHeaderValidation([...options.allowedHosts]) : undefined;
        loaded = { handler, batch: mcp, hostCheck };
        return loaded;
      })().catch((error: unknown) => {
        loading = undefined; // the next request tries again
        throw error;
      }));
    const modules = (): McpModules => {
      if (!loaded) throw new Error('the MCP modules are used before they are loaded');
      return loaded;
    };
    app.addHook('onClose', async () => {
      await (await loading?.catch(() => undefined))?.handler.close();
    });
    // Scoped to this plugin: the body reaches the SDK as received, once its size (Fastify's
    // bodyLimit, 413) and its nesting (one pass over the bytes) are within the limits.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) => {
      const at = tooDeepAt(body.toString('latin1'), options.jsonMaxDepth);
      if (at === undefined) parsed(null, body);
      else parsed(new TooDeepMessageError(`Parse error: the message nests deeper than ${options.jsonMaxDepth} levels`));
    });
    app.setErrorHandler((error: FastifyError, request, reply) =>
      error instanceof TooDeepMessageError
        ? reply.status(400).send({ jsonrpc: '2.0', error: { code: -32700, message: error.message }, id: null })
        : errorHandler(error, request, reply),
    );
    // First of this plugin's hooks, before the body is read: everything after may use `modules()`.
    app.addHook('onRequest', async (request, reply) => {
      const { hostCheck } = await load();
      await hostCheck?.(request, reply);
    });
    // Read once per request: by the rate-limit hook for the cost, then by the handler.
    const verdicts = new WeakMap<FastifyRequest, BatchVerdict>();
    const verdictOf = (request: FastifyRequest): BatchVerdict => {
      let verdict = verdicts.get(request);
      if (verdict === undefined) {
        const version = request.headers['mcp-protocol-version'];
        const { batch } = modules();
        verdict = Buffer.isBuffer(request.body)
          ? batch.batchVerdict(
              request.body,
              Array.isArray(version) ? version.join(', ') : version,
              options.maxBatchMessages ?? batch.DEFAULT_MAX_BATCH_MESSAGES,
            )
          : { kind: 'single' };
        verdicts.set(request, verdict);
      }
      return verdict;
    };
    const serve = async (request: FastifyRequest, reply: FastifyReply) => {
      const verdict = verdictOf(request);
      const { batch, handler } = modules();
      if (verdict.kind === 'refused') return reply.status(400).send(batch.invalidRequestBody(verdict.message));
      const parsed = verdict.kind === 'batch' ? { parsedBody: verdict.messages } : undefined;
      return reply.send(await handler.fetch(toWebRequest(request, reply), parsed));
    };
    const config = { requestCost: (request: FastifyRequest) => modules().batch.requestsOf(verdictOf(request)) };
    for (const url of ['/mcp', '/mcp/']) {
      app.route({ method: ['GET', 'POST', 'DELETE'], url, schema: { hide: true }, config, handler: serve });
    }
    done();
  };
}
