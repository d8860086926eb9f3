import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { publicErrorResponses } from '../error-responses.ts';
import { HealthSchema, type PendingDocuments, ProblemSchema, type SyncHealth } from '#schemas/api';
import type { Database } from '#platform/db';
import type { AnyEvent, EventStore } from '#platform/event-store';
import { type Projection, getProjectionStatus } from '#platform/projector';

export interface HealthDeps {
  readonly db: Database;
  readonly projections: readonly Projection<AnyEvent>[];
  /** The event store the projections read, which measures their lag. */
  readonly eventStore: Pick<EventStore<AnyEvent>, 'readProgress'>;
  /** Counts the documents queued, being parsed and dead-lettered, and says where the sample ingest stands; an app built without one reports none. */
  readonly pendingDocuments?: (() => Promise<PendingDocuments>) | undefined;
  /** Where the exchange connectors stand (asked at most once a second by the caller); an app built without one reports none. */
  readonly syncStatus?: (() => Promise<SyncHealth>) | undefined;
}

/** What an app that is told nothing of the exchange connectors reports: none followed, none synced. */
export const NO_SYNC: SyncHealth = { following: false, datasets: [] };

/**
 * How long one look at the projections and the queue answers /health: the counts run at
 * most once a second, whatever the request rate (the route needs no key).
 */
export const HEALTH_TTL_MS = 1_000;
/** A projection further behind than this reads as this far behind: the count stays bounded however long the backlog. */
export const HEALTH_LAG_COUNT_LIMIT = 100_000;

/** `count`, asked at most once per `ttlMs`: callers within that time share one answer (a failed one is not kept). */
export function cachedFor<T>(ttlMs: number, count: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > ttlMs) {
      const entry = { at: now, value: count() };
      entry.value.catch(() => {
        if (last === entry) last = undefined;
      });
      last = entry;
    }
    return last.value;
  };
}

/**
 * `GET /health`: the database answers, where each projection stands, what ingestion has not
 * settled, and how current the exchange connectors keep each dataset (which leaves `status`
 * alone: an exchange blocking this machine is no fault of the service).
 */
export function healthRoutes(deps: HealthDeps): FastifyPluginCallbackZod {
  const pendingDocuments = cachedFor(
    HEALTH_TTL_MS,
    deps.pendingDocuments ?? (() => Promise.resolve({ queued: 0, inFlight: 0, sample: 'none' as const, deadLettered: 0 })),
  );
  // Every projection asked at once: on PGlite's one connection, where ingestion's statements
  // run between the API's, a look then waits behind ingestion once, not once per statement. On
  // a server's pool a look takes up to one connection per projection, once a second at most.
  const projectionStatuses = cachedFor(HEALTH_TTL_MS, () =>
    Promise.all(
      deps.projections.map((projection) =>
        getProjectionStatus(deps.db, deps.eventStore, projection, { lagCountLimit: HEALTH_LAG_COUNT_LIMIT }),
      ),
    ),
  );
  const syncStatus = deps.syncStatus ?? (() => Promise.resolve(NO_SYNC));
  return (app, _options, done) => {
    app.get(
      '/health',
      {
        schema: {
          summary: 'Service health, projection lag, and documents not yet parsed',
          security: [],
          response: {
            200: HealthSchema,
            ...publicErrorResponses(),
            503: ProblemSchema.describe('The database is not reachable, or the service is shutting down (with Retry-After)'),
          },
        },
      },
      async (request, reply) => {
        try {
          const projections = await projectionStatuses();
          const documents = await pendingDocuments();
          const sync = await syncStatus();
          const healthy =
            projections.every((p) => p.status === 'live' && p.lag === 0 && p.lastError === null) &&
            documents.queued === 0 &&
            documents.inFlight === 0 &&
            documents.deadLettered === 0 &&
            documents.sample !== 'ingesting';
          return { status: healthy ? ('ok' as const) : ('degraded' as const), database: deps.db.kind, projections, documents, sync };
        } catch (error) {
          request.log.error({ err: error }, 'health check failed');
          return reply.status(503).send({ detail: 'the database is not reachable' });
        }
      },
    );
    done();
  };
}
