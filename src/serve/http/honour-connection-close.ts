import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** The part of a Fastify instance this needs, whatever its type provider. */
type HookTarget = Pick<FastifyInstance, 'addHook'>;

/**
 * Closes the connection after the response when the client asked for that (`Connection:
 * close`, or HTTP/1.0 without keep-alive: Node's `shouldKeepAlive` is false). Node does so by
 * itself unless a handler sets `Connection: keep-alive`, and the event streams do (@fastify/sse
 * for /v1/ask, the MCP SDK for /mcp): the socket then waited out the keep-alive timeout (73 s
 * under Fastify's default). The header is set to `close` for the responses whose headers go
 * through the reply; the socket is ended once the response is, whatever its headers said.
 */
export function honourConnectionClose(app: HookTarget): void {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (reply.raw.shouldKeepAlive) return done();
    const socket = request.raw.socket;
    void reply.header('connection', 'close');
    reply.raw.once('finish', () => {
      if (!socket.destroyed) socket.destroySoon();
    });
    done();
  });
}
