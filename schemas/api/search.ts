import { z } from 'zod';
import { SearchRequestSchema, SearchResultSchema } from '#schemas/read-models';
import { envelope } from './envelope.ts';

export const SearchBodySchema = SearchRequestSchema.meta({ id: 'SearchBody' });

export const SearchResponseSchema = envelope(SearchResultSchema, {
  query: z.string(),
  count: z.number().int().describe('Hits returned'),
  limit: z.number().int(),
}).meta({ id: 'SearchResponse' });
