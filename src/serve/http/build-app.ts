import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import { fastifySSE } from '@fastify/sse';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  registerAccessControl,
  databaseRequestCounter,
  processRequestCounter,
  type RateLimits,
  createKeyAuthenticator,
} from '#serve/access';
import { createDatasetGate, createDatasetIndex } from '#read/datasets';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS, DEFAULT_REQUEST_LIMITS, type RequestLimits } from '#platform/config';
import type { Database } from '#platform/db';
import { createDomainEventStore, type AnyEvent, type EventStore } from '#platform/event-store';
import type { Projection } from '#platform/projector';
import { createQueryEngine, type QueryEngine } from '#read/query';
import { createCompanyResolver } from '#read/identity';
import { hearProjectionMoves } from './hear-projection-moves.ts';
import { clientErrorHandler, errorHandler, frameworkErrors } from './error-handler.ts';
import { registerJsonBodyParser } from './json-body-parser.ts';
import { refuseWhileClosing } from './refuse-while-closing.ts';
import { guardConnections } from './guard-connections.ts';
import { serverOptions } from './server-options.ts';
import { docsRoutes } from './docs-routes.ts';
import type { RouteDeps } from './route-deps.ts';
import { API_VERSION, apiIndexRoutes, collectEndpoints, type Endpoint } from './routes/api-index.ts';
import { getRoutes } from './get-route.ts';
import { companiesRoute, instrumentsRoute } from './routes/companies.ts';
import { corporateActionsRoute } from './routes/corporate-actions.ts';
import { eventsRoute } from './routes/events.ts';
import { filingsRoute } from './routes/filings.ts';
import { financialMetricsRoute } from './routes/financial-metrics.ts';
import { financialVersionsRoute } from './routes/financial-versions.ts';
import { crossSectionRoutes } from './routes/cross-section.ts';
import { factChangesRoute } from './routes/fact-changes.ts';
import { financialsRoute } from './routes/financials.ts';
import { type ExportLimits, financialsExportRoutes } from './routes/financials-export.ts';
import { cachedFor, HEALTH_TTL_MS, type HealthDeps, healthRoutes, NO_SYNC } from './routes/health.ts';
import { keysRoutes } from './routes/keys.ts';
import { documentsRoutes } from './routes/documents.ts';
import type { DocumentIntake } from './document-intake.ts';
import { mcpRoutes } from './routes/mcp.ts';
import { openApiTransforms } from './openapi-transforms.ts';
import { pricesRoute } from './routes/prices.ts';
import { queryRoutes } from './routes/query.ts';
import { searchRoutes } from './routes/search.ts';
import { shareholdingRoute } from './routes/shareholding.ts';
import { createResponseCache } from '#serve/response-cache';
import { serializeJson } from './serialize-json.ts';
import { validatorCompiler } from './validation/validator-compiler.ts';
import { explorerRoutes } from '#serve/explore';

export interface AppDeps {
  readonly db: Database;
  readonly projections: readonly Projection<AnyEvent>[];
  /**
   * The event store the projections read, which /health asks for their lag; the PostgreSQL
   * store in `db` when absent (the service passes the one it configured).
   */
  readonly eventStore?: Pick<EventStore<AnyEvent>, 'readProgress'>;
  /** Per-key request rate and monthly allowance (docs/rate-limits.md). */
  readonly limits: RateLimits;
  /**
   * Count each key's requests in this process and write the counts every second, not a
   * transaction a request: only for a database no other process counts in (embedded PGlite,
   * whose folder is locked to one process). In the database when absent (docs/rate-limits.md).
   */
  readonly countRequestsInProcess?: boolean;
  /** Requests per client address per minute to the public routes; none when absent (docs/rate-limits.md). */
  readonly publicRateLimitPerMinute?: number | undefined;
  /** Proxies trusted to name the client in X-Forwarded-For; the connecting address counts when absent or empty. */
  readonly trustProxy?: readonly string[];
  /** Planner and answer writer of /v1/query and /v1/ask; the deterministic ones by default. */
  readonly queryEngine?: QueryEngine;
  /** The clock of the rate-limit windows; tests move it. */
  readonly now?: () => Date;
  /** A pino logger, or false for none. */
  readonly logger?: FastifyBaseLogger | boolean | { level: string };
  /** Origins browsers may call from: `*` (the default) or a list (docs/mcp.md). */
  readonly corsOrigins?: '*' | readonly string[];
  /** Host header names the MCP endpoint accepts (DNS rebinding protection); all when absent. */
  readonly mcpAllowedHosts?: readonly string[] | undefined;
  /** Messages one JSON-RPC batch to the MCP endpoint may hold; DEFAULT_MAX_BATCH_MESSAGES when absent. */
  readonly mcpMaxBatchMessages?: number | undefined;
  /** Unrevoked keys a workspace may hold; no cap when absent (the service passes MAX_KEYS_PER_WORKSPACE). */
  readonly maxKeysPerWorkspace?: number | undefined;
  /** Counts the documents queued and being parsed, for /health; none counted when absent. */
  readonly pendingDocuments?: HealthDeps['pendingDocuments'];
  /**
   * Where the exchange connectors stand, for /health and GET /v1/: whether this deployment
   * follows the exchanges (from its config) and each dataset's progress; none when absent.
   */
  readonly syncStatus?: HealthDeps['syncStatus'];
  /** Body size and JSON nesting a request may have; DEFAULT_REQUEST_LIMITS when absent. */
  readonly requestLimits?: RequestLimits;
  /** Request timeouts, idle keep-alive and connections per address; DEFAULT_CONNECTION_LIMITS when absent (they act on a listening app only). */
  readonly connectionLimits?: ConnectionLimits;
  /** The most the response cache may hold, in bytes (docs/caching.md); no cache when absent. */
  readonly responseCacheBytes?: number | undefined;
  /** Page size and statement timeout of /v1/financials/export; DEFAULT_EXPORT_LIMITS when absent. */
  readonly exportLimits?: ExportLimits;
  /** Where POST /v1/documents hands uploads to ingestion; absent, the route answers 503 (docs/relay.md). */
  readonly documentIntake?: DocumentIntake | undefined;
}

/** Request headers browsers may send, and response headers their scripts may read. */
const CORS_HEADERS = {
  allowedHeaders: ['Content-Type', 'Authorization', 'X-API-Key', 'Accept', 'Last-Event-ID', 'Mcp-Protocol-Version', 'Mcp-Session-Id'],
  exposedHeaders: [
    'Mcp-Session-Id',
    'Mcp-Protocol-Version',
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'Retry-After',
    'WWW-Authenticate',
  ],
};

const OPENAPI_INFO = {
  title: 'Indian listed companies data API',
  version: API_VERSION,
  description:
    'Point-in-time, source-linked data on Indian listed companies. Every fact carries identity, period, basis, unit, scale, source URL and known_at; as_of=T shows only what was knowable at T. A query parameter an operation does not list is a 422 (type extra_forbidden, loc ["query", name]), never ignored. A page that draws what was known when, reading this API with your key: [/explore](/explore).',
};

/** Builds the HTTP application without listening, so tests can `inject` into it. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const requestLimits = deps.requestLimits ?? DEFAULT_REQUEST_LIMITS;
  const connectionLimits = deps.connectionLimits ?? DEFAULT_CONNECTION_LIMITS;
  const app = Fastify({
    ...serverOptions(connectionLimits),
    ...(typeof deps.logger === 'object' && 'child' in deps.logger ? { loggerInstance: deps.logger } : { logger: deps.logger ?? false }),
    routerOptions: { ignoreTrailingSlash: false },
    ...(deps.trustProxy && deps.trustProxy.length > 0 ? { trustProxy: [...deps.trustProxy] } : {}),
    bodyLimit: requestLimits.bodyLimit,
    // refuseWhileClosing answers instead, in the API's shape and with Retry-After.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  guardConnections(app, connectionLimits, deps.trustProxy ?? []);
  registerJsonBodyParser(app, requestLimits.jsonMaxDepth);
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built from the read models' own types; the zod schemas document them
  // (OpenAPI) and the tests check bodies against them, so serialising skips a second pass.
  app.setSerializerCompiler(() => serializeJson);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ detail: 'Not Found' }));
  // CORS first, so a browser's preflight is answered before authentication asks it for a
  // key, and errors carry the CORS headers too. Then the 503 of a closing app, before any
  // key is looked up. Then, before any route, authentication, counting and scopes for every
  // route (plugins, so that they load after CORS, in this order).
  void app.register(cors, {
    origin: deps.corsOrigins === undefined || deps.corsOrigins === '*' ? '*' : [...deps.corsOrigins],
    methods: ['GET', 'POST', 'DELETE'],
    ...CORS_HEADERS,
  });
  void app.register(
    fastifyPlugin(
      (root, _options, done) => {
        refuseWhileClosing(root);
        done();
      },
      { name: 'refuse-while-closing' },
    ),
  );
  const keys = createKeyAuthenticator(deps.db, { onError: (error) => app.log.warn({ err: error }, 'API key bookkeeping failed') });
  app.addHook('onClose', () => keys.close());
  const counter = deps.countRequestsInProcess
    ? processRequestCounter(deps.db, {
        onError: (error) => app.log.warn({ err: error }, 'writing the request counts failed; kept for the next write'),
        ...(deps.now ? { now: deps.now } : {}),
      })
    : databaseRequestCounter(deps.db);
  app.addHook('onClose', () => counter.close());
  const accessControl = {
    db: deps.db,
    keys,
    counter,
    limits: deps.limits,
    publicPerMinute: deps.publicRateLimitPerMinute,
    ...(deps.now ? { now: deps.now } : {}),
  };
  void app.register(
    fastifyPlugin(
      (root, _options, done) => {
        registerAccessControl(root, accessControl);
        done();
      },
      { name: 'access-control' },
    ),
  );

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
    ...openApiTransforms({
      perKey: deps.limits.perMinute !== undefined || deps.limits.monthly !== undefined,
      publicRoutes: deps.publicRateLimitPerMinute !== undefined,
    }),
  });
  void app.register(docsRoutes());
  void app.register(fastifySSE);

  const companies = createCompanyResolver(deps.db);
  const responses =
    deps.responseCacheBytes === undefined
      ? undefined
      : createResponseCache(deps.db, {
          maxBytes: deps.responseCacheBytes,
          onMove: () => companies.forget(),
          onListening: (listening) => companies.hearing(listening),
          onError: (error) => app.log.warn({ err: error }, 'the response cache cannot hear of projection changes'),
        });
  if (responses) app.addHook('onClose', () => responses.close());
  else {
    // No cache to tell the resolver of moves: it listens itself, so that it can remember companies until one.
    const stopHearing = hearProjectionMoves(deps.db, companies, (error) =>
      app.log.warn({ err: error }, 'the company resolver cannot hear of projection changes'),
    );
    app.addHook('onClose', () => stopHearing());
  }
  const routeDeps: RouteDeps = {
    db: deps.db,
    datasets: createDatasetGate(deps.db),
    datasetIndex: createDatasetIndex(deps.db),
    companies,
    responses,
  };
  const queryEngine = deps.queryEngine ?? createQueryEngine({});
  // One look a second, shared by /health and GET /v1/ (both public).
  const syncStatus = cachedFor(HEALTH_TTL_MS, deps.syncStatus ?? (() => Promise.resolve(NO_SYNC)));
  void app.register(
    healthRoutes({
      db: deps.db,
      projections: deps.projections,
      // Measuring lag holds no connection of its own, so this store needs no closing.
      eventStore: deps.eventStore ?? createDomainEventStore(deps.db),
      pendingDocuments: deps.pendingDocuments,
      syncStatus,
    }),
  );
  void app.register(apiIndexRoutes(routeDeps, endpoints, syncStatus));
  void app.register(
    getRoutes(routeDeps, [
      companiesRoute,
      instrumentsRoute,
      financialsRoute,
      financialVersionsRoute,
      factChangesRoute,
      pricesRoute,
      financialMetricsRoute,
      shareholdingRoute,
      filingsRoute,
      eventsRoute,
      corporateActionsRoute,
    ]),
  );
  void app.register(crossSectionRoutes(routeDeps));
  void app.register(financialsExportRoutes(routeDeps, deps.exportLimits));
  void app.register(searchRoutes(routeDeps));
  void app.register(queryRoutes(routeDeps, queryEngine));
  void app.register(
    mcpRoutes({
      deps: { ...routeDeps, queryEngine, logger: app.log },
      allowedHosts: deps.mcpAllowedHosts,
      maxBatchMessages: deps.mcpMaxBatchMessages,
      jsonMaxDepth: requestLimits.jsonMaxDepth,
    }),
  );
  void app.register(keysRoutes({ db: deps.db, maxKeysPerWorkspace: deps.maxKeysPerWorkspace }));
  void app.register(documentsRoutes({ intake: deps.documentIntake, jsonMaxDepth: requestLimits.jsonMaxDepth }));
  void app.register(explorerRoutes());
  app.get('/v1/openapi.json', { schema: { hide: true } }, () => app.swagger());
  return app;
}
