import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HealthSchema, ProblemSchema } from '../../../../schemas/api/health.ts';
import type { Database } from '../../../platform/db/db.ts';
import type { AnyEvent } from '../../../platform/event-store/event-store.ts';
import type { Projection } from '../../../platform/projector/projection.ts';
import { getProjectionStatus } from '../../../platform/projector/projection-status.ts';

export interface HealthDeps {
  readonly db: Database;
  readonly projections: readonly Projection<AnyEvent>[];
}

/** `GET /health`: the database answers, and where each projection stands. */
export function healthRoutes(deps: HealthDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/health',
      {
        schema: {
          summary: 'Service health and projection lag',
          security: [],
          response: { 200: HealthSchema, 503: ProblemSchema },
        },
      },
      async (request, reply) => {
        try {
          const projections = [];
          for (const projection of deps.projections) projections.push(await getProjectionStatus(deps.db, projection));
          const healthy = projections.every((p) => p.status === 'live' && p.lag === 0 && p.lastError === null);
          return { status: healthy ? ('ok' as const) : ('degraded' as const), database: deps.db.kind, projections };
        } catch (error) {
          request.log.error({ err: error }, 'health check failed');
          return reply.status(503).send({ detail: 'the database is not reachable' });
        }
      },
    );
    done();
  };
}
