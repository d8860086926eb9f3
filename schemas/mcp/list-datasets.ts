import { z } from 'zod';
import { DatasetStatusSchema } from '#schemas/read-models';

export const ListDatasetsInputSchema = z.object({}).strict();

export const ListDatasetsOutputSchema = z.object({
  datasets: z.array(DatasetStatusSchema).describe('Every dataset the service serves, with availability, rows and freshness'),
  note: z.string().describe('How to read an empty result against this coverage'),
});
export type ListDatasetsOutput = z.infer<typeof ListDatasetsOutputSchema>;
