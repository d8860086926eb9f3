import { z } from 'zod';
import { SearchRequestSchema, SearchResultSchema } from '../read-models/search.ts';

export const SearchToolInputSchema = SearchRequestSchema;

export const SearchToolOutputSchema = SearchResultSchema.extend({
  truncated: z.boolean().describe('true when fewer hits than limit were returned to keep the result small; narrow kinds or the query'),
});
export type SearchToolOutput = z.infer<typeof SearchToolOutputSchema>;
