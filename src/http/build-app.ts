import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/db.ts';
import type { AnyEvent } from '../event-store/event-store.ts';
import type { Projection } from '../projector/projection.ts';
import { errorHandler } from './error-handler.ts';
import { healthRoutes } from './routes/health.ts';

export interface AppDeps {
  readonly db: Database;
  readonly projections: readonly Projection<AnyEvent>[];
  /** A pino logger, or false for none. */
  readonly logger?: FastifyBaseLogger | boolean | { level: string };
}

/** Builds the HTTP application without listening, so tests can `inject` into it. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const app = Fastify({
    ...(typeof deps.logger === 'object' && 'child' in deps.logger
      ? { loggerInstance: deps.logger }
      : { logger: deps.logger ?? false }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ detail: 'Not Found' }));
  void app.register(healthRoutes({ db: deps.db, projections: deps.projections }));
  return app;
}
