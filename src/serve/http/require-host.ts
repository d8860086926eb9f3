import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The part of a Fastify instance this needs, whatever its type provider. */
type HookTarget = Pick<FastifyInstance, 'addHook'>;

/**
 * An HTTP/1.1 request without a `Host` header is a 400 (RFC 9112, 3.2), in the API's
 * `{"detail": ...}` shape and with its connection closed. Node answers it itself with an empty
 * body unless the server is made with `requireHostHeader: false`, which build-app does so that
 * this hook answers instead; register it before any other, so that nothing runs for it.
 */
export function requireHost(app: HookTarget): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return;
    await reply.status(400).header('connection', 'close').send({ detail: 'the request has no Host header, which HTTP/1.1 requires' });
  });
}
