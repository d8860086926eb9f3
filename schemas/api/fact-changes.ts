import { z } from 'zod';
import { BasisSchema, IsoDateSchema, IsoDateTimeSchema, UuidSchema } from '#schemas/common';
import { CompanyIdentitySchema, FactChangeSchema } from '#schemas/read-models';
import { envelope } from './envelope.ts';
import { cursorParam, DateTimeParam, limitParam, optionalTicker, valueError } from './params.ts';

/** Where the next page of changes starts: the last row's known_at and fact key. */
const ChangesCursorSchema = z.tuple([IsoDateTimeSchema, UuidSchema, IsoDateSchema, z.string().max(60), BasisSchema, z.string().max(20)]);
export type ChangesCursor = z.infer<typeof ChangesCursorSchema>;

export const FactChangesQuerySchema = z
  .object({
    ticker: optionalTicker(200).describe('One company (ticker, NSE:, BSE:, ISIN, CIN or UUID); every company when omitted'),
    from: DateTimeParam.describe('The earlier knowledge instant: the old value is the one visible then'),
    to: DateTimeParam.describe('The later knowledge instant: the new value is the one visible then'),
    limit: limitParam(2000, 500),
    cursor: cursorParam(ChangesCursorSchema).optional(),
  })
  .superRefine((query, ctx) => {
    if (Date.parse(query.from) >= Date.parse(query.to)) valueError(ctx, ['to'], 'to must be after from');
  });
export type FactChangesQuery = z.infer<typeof FactChangesQuerySchema>;

export const FactChangesResponseSchema = envelope(z.array(FactChangeSchema), {
  ticker: z.string().nullable(),
  company: CompanyIdentitySchema.nullable(),
  from: z.string(),
  to: z.string(),
  count: z.number().int().describe('Changes in this page'),
  limit: z.number().int(),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
  dataset: z.string(),
}).meta({ id: 'FactChangesResponse' });
