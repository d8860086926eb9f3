import { z } from 'zod';
import { IsoDateTimeSchema } from '#schemas/common';

export const ProjectionStatusSchema = z
  .object({
    name: z.string(),
    version: z.number().int(),
    status: z
      .enum(['rebuilding', 'live', 'missing'])
      .describe('live: caught up at least once; rebuilding: replaying from the start; missing: not set up yet'),
    checkpoint: z
      .string()
      .nullable()
      .describe(
        "Where the projection has read up to: a token of the event store's own (e.g. pg:<transaction>:<position>, or start), to compare for equality only",
      ),
    headPosition: z.number().int().describe('Global position of the newest event in the event store'),
    lag: z
      .number()
      .int()
      .describe(
        'Events of the handled types committed after the checkpoint, i.e. not yet projected; /health counts up to 100,000 and reads 100,000 beyond that',
      ),
    eventsProjected: z.number().int(),
    lastError: z.string().nullable(),
    lastErrorAt: IsoDateTimeSchema.nullable(),
    updatedAt: IsoDateTimeSchema.nullable(),
  })
  .describe('Where a projection stands against the event store');
export type ProjectionStatus = z.infer<typeof ProjectionStatusSchema>;
