import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Seconds a client is told to wait before retrying a request refused during shutdown: about
 * what a supervised restart takes (docs/api.md), and another replica may answer sooner.
 */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

/** The part of a Fastify instance this needs, whatever its type provider. */
type HookTarget = Pick<FastifyInstance, 'addHook'>;

/**
 * While the app closes, requests still arriving (on a kept-alive connection, say) get a 503
 * in the API's shape, `{"detail": ...}`, with Retry-After, instead of Fastify's own body
 * (build the app with `return503OnClosing: false`). The flag goes up in `preClose`, when
 * Fastify starts draining; register this before the routes, so it runs first.
 */
export function refuseWhileClosing(app: HookTarget): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!closing) return;
    await reply
      .status(503)
      .header('retry-after', String(SHUTDOWN_RETRY_AFTER_SECONDS))
      .header('connection', 'close')
      .send({ detail: 'the service is shutting down; retry shortly' });
  });
}
