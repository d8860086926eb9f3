import { z } from 'zod';
import { AnswerSchema } from '#schemas/query';
import { QueryResultSchema } from './query.ts';

/** The data of a `step` event of POST /v1/ask: one stage of the run, as it ends. */
export const AskStepEventSchema = z
  .object({
    session: z.string().describe('The session the request named'),
    stage: z
      .string()
      .describe('planning, resolving the company, fetching facts, computing metrics, screening, searching documents or composing'),
    status: z.enum(['done', 'skipped', 'failed']),
    elapsed_ms: z.number().int().min(0).describe('How long the stage took'),
    counts: z.record(z.string(), z.number()).describe('What the stage found, by kind (facts, metrics, passages, ...)'),
    detail: z.string().optional().describe('Why the stage was skipped, or what failed'),
  })
  .meta({ id: 'AskStepEvent' })
  .describe('The data of a step event');
export type AskStepEvent = z.infer<typeof AskStepEventSchema>;

/** The data of the one `answer` event that ends a POST /v1/ask stream. */
export const AskAnswerEventSchema = z
  .discriminatedUnion('status', [
    QueryResultSchema.extend({
      session: z.string().describe('The session the request named'),
      status: z.literal('ok'),
    }),
    z.object({
      session: z.string().describe('The session the request named'),
      status: z.literal('failed').describe('A stage failed: nothing was concluded from partial results'),
      answer: AnswerSchema,
    }),
  ])
  .meta({ id: 'AskAnswerEvent' })
  .describe('The data of the answer event: the result as /v1/query gives it in data, or, when the run failed, only the answer saying so');
export type AskAnswerEvent = z.infer<typeof AskAnswerEventSchema>;

/**
 * Names each event of the stream and the component its data (JSON) is: OpenAPI 3.1 has no
 * way to type the events of a stream, so the document says it in this extension.
 */
export const ASK_EVENTS = { step: 'AskStepEvent', answer: 'AskAnswerEvent' } as const;

export const AskEventStreamSchema = z.string().meta({
  description:
    "Server-sent events: one `step` event per stage of the run, then exactly one `answer` event, also when a stage failed. Each event's data is one JSON object: AskStepEvent for step, AskAnswerEvent for answer (x-events)",
  'x-events': ASK_EVENTS,
});
