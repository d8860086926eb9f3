import { z } from 'zod';
import { IsoDateTimeSchema } from '../common/primitives.ts';

export const MetaSchema = z
  .object({ timestamp: IsoDateTimeSchema.describe('When this response was made') })
  .loose()
  .describe('Response timestamp and the endpoint context: counts, ticker, period, basis, as_of, dataset');

/** The `{data, meta}` envelope every JSON 200 body uses. */
export function envelope<D extends z.ZodType, M extends z.ZodRawShape>(data: D, meta: M) {
  return z.object({ data, meta: MetaSchema.extend(meta) });
}
