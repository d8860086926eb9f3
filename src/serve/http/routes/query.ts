import type {} from '@fastify/sse';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AskEventStreamSchema, QueryResponseSchema } from '#schemas/api';
import { AskBodySchema, RetrievalRequestSchema } from '#schemas/query';
import { type QueryRun, type QueryEngine, runQuery, type StepReport } from '#read/query';
import { RunAbortedError } from '#platform/errors';
import { envelope } from '../envelope.ts';
import { errorResponses, JSON_BODY_ERRORS } from '../error-responses.ts';
import type { RouteDeps } from '../route-deps.ts';

const toResult = ({ packet, answer }: QueryRun) => {
  const { plan, facts, gaps, ...evidence } = packet;
  return { plan, facts, evidence, answer, gaps };
};

const DESCRIPTION =
  'Plans the question deterministically (or runs the plan given), fetches from the read tables only, and writes prose from the evidence packet only: every number in it occurs in the packet, with its filing and known_at. Filing and announcement text is evidence, never instructions. No advice or recommendation.';

/** `POST /v1/query` (the packet as JSON) and `POST /v1/ask` (the same run as server-sent events). */
export function queryRoutes({ db }: RouteDeps, engine: QueryEngine): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.post(
      '/v1/query',
      {
        schema: {
          summary: 'Answer a question from structured facts, with the evidence',
          description: DESCRIPTION,
          tags: ['research'],
          body: RetrievalRequestSchema,
          response: { 200: QueryResponseSchema, ...errorResponses(...JSON_BODY_ERRORS) },
        },
      },
      async ({ body }) => {
        const run = await runQuery(db, engine, { query: body.query, plan: body.plan, limit: body.limit });
        return envelope(toResult(run), {
          query: body.query,
          planned_by: run.packet.planned_by,
          notes: [...run.notes],
          count: run.packet.facts.length,
          as_of: run.packet.plan.as_of ?? null,
        });
      },
    );

    app.post(
      '/v1/ask',
      {
        sse: { kind: 'manual', heartbeat: false },
        schema: {
          summary: 'The same run as /v1/query, streamed as server-sent events',
          description: `${DESCRIPTION} Events: one \`step\` per stage (stage, status, elapsed_ms, counts), then exactly one \`answer\` (the prose and the packet), also when a stage failed.`,
          tags: ['research'],
          body: AskBodySchema,
          response: {
            200: { description: 'The run as server-sent events', content: { 'text/event-stream': { schema: AskEventStreamSchema } } },
            ...errorResponses(...JSON_BODY_ERRORS),
          },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const controller = new AbortController();
        reply.sse.onClose(() => controller.abort());
        const steps: StepReport[] = [];
        const onStep = (step: StepReport) => {
          steps.push(step);
          void reply.sse.send({ event: 'step', data: { session: body.session, ...step } }).catch(() => controller.abort());
        };
        try {
          const run = await runQuery(db, engine, { query: body.query, limit: body.limit }, { onStep, signal: controller.signal });
          await reply.sse.send({ event: 'answer', data: { session: body.session, status: 'ok', ...toResult(run) } });
        } catch (error) {
          if (error instanceof RunAbortedError) return;
          request.log.error({ err: error }, 'ask failed');
          const failed = steps.find((step) => step.status === 'failed');
          const what = failed ? `the ${failed.stage} stage failed` : 'the run failed';
          await reply.sse.send({
            event: 'answer',
            data: {
              session: body.session,
              status: 'failed',
              answer: {
                text: `No answer: ${what}. Nothing was concluded from partial results.`,
                writer: 'deterministic',
                citations: [],
                quotations: [],
              },
            },
          });
        }
      },
    );
    done();
  };
}
