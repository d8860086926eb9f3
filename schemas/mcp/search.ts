import { z } from 'zod';
import { SearchRequestSchema, SearchResultSchema } from '#schemas/read-models';

/** SPEC.md's search request with a default limit one result holds whole, and an offset to page on (an extension of the tool). */
export const SearchToolInputSchema = SearchRequestSchema.extend({
  limit: SearchRequestSchema.shape.limit
    .unwrap()
    .default(10)
    .describe('Most hits returned, 1..100 (default 10); a page holds what fits in 25 KB, page on with next_offset'),
  offset: z.number().int().min(0).max(400).default(0).describe("Hits to skip, 0..400; pass the previous result's next_offset"),
}).strict();

export const SearchToolOutputSchema = SearchResultSchema.extend({
  truncated: z.boolean().describe('true when fewer hits than limit were returned to keep the result under 25 KB: page on with next_offset'),
  next_offset: z.number().int().nullable().describe('Pass as offset for the next hits; null when there are no more'),
});
export type SearchToolOutput = z.infer<typeof SearchToolOutputSchema>;
