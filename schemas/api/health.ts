import { z } from 'zod';
import { ProjectionStatusSchema } from '../read-models/projection-status.ts';

export const HealthSchema = z
  .object({
    status: z
      .enum(['ok', 'degraded'])
      .describe('ok: every projection is live and error-free; degraded: some are rebuilding, behind or failing'),
    database: z.enum(['pglite', 'postgres']),
    projections: z.array(ProjectionStatusSchema),
  })
  .describe('Service health');
export type Health = z.infer<typeof HealthSchema>;

export const ProblemSchema = z.object({ detail: z.string() }).describe('An error, worded for a person');
