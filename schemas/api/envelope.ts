import { z } from 'zod';
import { IsoDateTimeSchema } from '#schemas/common';

export const MetaSchema = z
  .object({ timestamp: IsoDateTimeSchema.describe('When this response was made') })
  .loose()
  .describe('Response timestamp and the endpoint context: counts, ticker, period, basis, as_of, dataset');

/** The paging of a list in `meta`: items in this page, items over all pages, and the page asked for. */
export const pageMeta = () => ({
  count: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

/** The `{data, meta}` envelope every JSON 200 body uses. */
export function envelope<D extends z.ZodType, M extends z.ZodRawShape>(data: D, meta: M) {
  return z.object({ data, meta: MetaSchema.extend(meta) });
}
