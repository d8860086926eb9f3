import swagger from '@fastify/swagger';
import { fastifySSE } from '@fastify/sse';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccessControl } from '../auth/register-access-control.ts';
import { createDatasetGate } from '../datasets/dataset-gate.ts';
import type { Database } from '../db/db.ts';
import type { AnyEvent } from '../event-store/event-store.ts';
import type { Projection } from '../projector/projection.ts';
import { createQueryEngine } from '../query/query-engine.ts';
import type { QueryEngine } from '../query/run-query.ts';
import type { RateLimits } from '../rate-limit/rate-limit-windows.ts';
import { createCompanyResolver } from './company-resolver.ts';
import { errorHandler } from './error-handler.ts';
import type { RouteDeps } from './route-deps.ts';
import { API_VERSION, apiIndexRoutes, collectEndpoints, type Endpoint } from './routes/api-index.ts';
import { companyRoutes } from './routes/companies.ts';
import { corporateActionsRoutes } from './routes/corporate-actions.ts';
import { eventsRoutes } from './routes/events.ts';
import { filingsRoutes } from './routes/filings.ts';
import { financialMetricsRoutes } from './routes/financial-metrics.ts';
import { financialsRoutes } from './routes/financials.ts';
import { healthRoutes } from './routes/health.ts';
import { keysRoutes } from './routes/keys.ts';
import { pricesRoutes } from './routes/prices.ts';
import { queryRoutes } from './routes/query.ts';
import { searchRoutes } from './routes/search.ts';
import { shareholdingRoutes } from './routes/shareholding.ts';
import { serializeJson } from './serialize-json.ts';
import { validatorCompiler } from './validation/validator-compiler.ts';

export interface AppDeps {
  readonly db: Database;
  readonly projections: readonly Projection<AnyEvent>[];
  /** Per-key request rate and monthly allowance (docs/rate-limits.md). */
  readonly limits: RateLimits;
  /** Planner and answer writer of /v1/query and /v1/ask; the deterministic ones by default. */
  readonly queryEngine?: QueryEngine;
  /** The clock of the rate-limit windows; tests move it. */
  readonly now?: () => Date;
  /** A pino logger, or false for none. */
  readonly logger?: FastifyBaseLogger | boolean | { level: string };
}

const OPENAPI_INFO = {
  title: 'Indian listed companies data API',
  version: API_VERSION,
  description:
    'Point-in-time, source-linked data on Indian listed companies. Every fact carries identity, period, basis, unit, scale, source URL and known_at; as_of=T shows only what was knowable at T.',
};

/** Builds the HTTP application without listening, so tests can `inject` into it. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const app = Fastify({
    ...(typeof deps.logger === 'object' && 'child' in deps.logger
      ? { loggerInstance: deps.logger }
      : { logger: deps.logger ?? false }),
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built from the read models' own types; the zod schemas document them
  // (OpenAPI) and the tests check bodies against them, so serialising skips a second pass.
  app.setSerializerCompiler(() => serializeJson);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ detail: 'Not Found' }));
  // Before any route, so every route gets authentication, counting and scopes.
  registerAccessControl(app, { db: deps.db, limits: deps.limits, ...(deps.now ? { now: deps.now } : {}) });

  const endpoints: Endpoint[] = [];
  app.addHook('onRoute', collectEndpoints(endpoints));
  void app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: {
          ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          Bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ ApiKey: [] }, { Bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  void app.register(swaggerUi, { routePrefix: '/docs' });
  void app.register(fastifySSE);

  const routeDeps: RouteDeps = { db: deps.db, datasets: createDatasetGate(deps.db), companies: createCompanyResolver(deps.db) };
  void app.register(healthRoutes({ db: deps.db, projections: deps.projections }));
  void app.register(apiIndexRoutes(routeDeps, endpoints));
  void app.register(companyRoutes(routeDeps));
  void app.register(financialsRoutes(routeDeps));
  void app.register(pricesRoutes(routeDeps));
  void app.register(financialMetricsRoutes(routeDeps));
  void app.register(shareholdingRoutes(routeDeps));
  void app.register(filingsRoutes(routeDeps));
  void app.register(eventsRoutes(routeDeps));
  void app.register(corporateActionsRoutes(routeDeps));
  void app.register(searchRoutes(routeDeps));
  void app.register(queryRoutes(routeDeps, deps.queryEngine ?? createQueryEngine({})));
  void app.register(keysRoutes({ db: deps.db }));
  app.get('/v1/openapi.json', { schema: { hide: true } }, () => app.swagger());
  return app;
}
