import { z } from 'zod';

export const DatasetStatusSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    endpoints: z.array(z.string()).describe('Where the dataset is served'),
    available: z.boolean().describe('false: requests for it answer 503'),
    reason: z.string().nullable().describe('Why it is unavailable'),
    projection_status: z.enum(['live', 'rebuilding', 'missing']),
    rows: z.number().int().nullable(),
    latest_known_at: z.string().nullable().describe('Greatest knowledge time among its rows'),
    latest_write: z.string().nullable().describe('When the projector last wrote it'),
  })
  .describe("A dataset's availability, size and freshness");
export type DatasetStatus = z.infer<typeof DatasetStatusSchema>;
