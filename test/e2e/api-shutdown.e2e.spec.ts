import fastifyPlugin from 'fastify-plugin';
import { expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { buildApp } from '#serve/http/build-app';
import { SHUTDOWN_RETRY_AFTER_SECONDS } from '#serve/http/refuse-while-closing';
import { describeEachDatabase } from '../support/databases.ts';

describeEachDatabase('a request that arrives while the API shuts down', (database) => {
  it('gets a 503 in the API shape, {"detail": ...}, with Retry-After and Connection: close', async () => {
    const db = await database.open();
    try {
      const app = buildApp({ db, projections: PROJECTIONS, logger: false, limits: { perMinute: undefined, monthly: undefined } });
      // Registered last, so its preClose runs after the app's own: the app is draining, its
      // socket still open, as when a request reaches a kept-alive connection during shutdown.
      let during: Response | undefined;
      let address = '';
      void app.register(
        fastifyPlugin((instance, _options, done) => {
          instance.addHook('preClose', async () => {
            during = await fetch(new URL('/v1/companies', address));
          });
          done();
        }),
      );
      address = await app.listen({ port: 0, host: '127.0.0.1' });
      expect((await fetch(new URL('/v1/companies', address))).status).toBe(401); // open: asks for a key
      await app.close();
      expect(during?.status).toBe(503);
      expect(during?.headers.get('retry-after')).toBe(String(SHUTDOWN_RETRY_AFTER_SECONDS));
      expect(during?.headers.get('connection')).toBe('close');
      expect(await during?.json()).toEqual({ detail: 'the service is shutting down; retry shortly' });
    } finally {
      await db.close();
    }
  });
});
