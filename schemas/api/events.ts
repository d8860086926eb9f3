import { z } from 'zod';
import { EventSchema, EventTypeCountSchema } from '#schemas/read-models';
import { envelope } from './envelope.ts';
import { DateTimeParam, optionalTicker, pageParams } from './params.ts';

export const EventsQuerySchema = z.object({
  ticker: optionalTicker(200),
  type: z.string().max(60).optional().describe('event_type, exactly; GET /v1/events?types=true lists those present'),
  start: DateTimeParam.optional().describe('Published at or after'),
  end: DateTimeParam.optional().describe('Published at or before'),
  ...pageParams(200, 50),
  types: z.boolean().default(false).describe('List the event types present, with counts, instead of events'),
});
export type EventsQuery = z.infer<typeof EventsQuerySchema>;

const EventsMeta = {
  ticker: z.string().nullable(),
  type: z.string().nullable(),
  count: z.number().int(),
  dataset: z.string(),
};

export const EventsResponseSchema = z
  .union([
    envelope(z.array(EventSchema), {
      ...EventsMeta,
      total: z.number().int(),
      limit: z.number().int(),
      offset: z.number().int(),
      note: z.string().describe('An empty result does not prove that an event did not occur'),
    }),
    envelope(z.array(EventTypeCountSchema), { ...EventsMeta, types: z.literal(true) }),
  ])
  .meta({ id: 'EventsResponse' });
