import { z } from 'zod';
import { FactViewSchema, type FactView, PeriodFilterSchema, BasisSchema } from '#schemas/common';
import { CompanyIdentitySchema, FactSchema } from '#schemas/read-models';
import { ConceptListParam } from './concept-list.ts';
import { envelope } from './envelope.ts';
import { AsOfParam, limitParam, RecordedAsOfParam, requiredTicker } from './params.ts';

export const FinancialsQuerySchema = z
  .object({
    ticker: requiredTicker(200),
    period: PeriodFilterSchema.default('any'),
    basis: BasisSchema.optional(),
    concept: ConceptListParam.optional(),
    as_of: AsOfParam.optional(),
    recorded_as_of: RecordedAsOfParam.optional(),
    view: FactViewSchema.default('as_of'),
    limit: limitParam(2000, 500),
  })
  .superRefine(latestTakesNoAsOf);
export type FinancialsQuery = z.infer<typeof FinancialsQuerySchema>;

/**
 * `view=latest` is the restated value known now: an `as_of` beside it would be ignored, so it
 * is refused instead, naming both (`view=as_of` with `as_of` is the latest known then).
 */
export function latestTakesNoAsOf(query: { view: FactView; as_of?: string | undefined }, ctx: z.RefinementCtx): void {
  if (query.view !== 'latest' || query.as_of === undefined) return;
  ctx.addIssue({
    code: 'custom',
    path: ['as_of'],
    message: 'as_of does not apply to view=latest',
    params: {
      fastapi: {
        type: 'value_error',
        msg: 'Value error, as_of does not apply to view=latest (the most recent version, restated); use view=as_of for the latest version known at as_of',
        ctx: { error: 'as_of does not apply to view=latest' },
      },
    },
  });
}

/**
 * The point in time an answer was read at, in `meta`: the instants asked for or, for those not
 * asked, the instant the answer was read at, so that asking again with both gives the same
 * answer; and the view.
 */
export const ResolvedTimeMeta = {
  as_of: z
    .string()
    .describe('The knowledge instant applied: as_of as asked or, when not asked (or with view=latest), the instant the answer was read at'),
  recorded_as_of: z
    .string()
    .describe(
      "The instant of this service's record applied: recorded_as_of as asked or, when not asked, the instant the answer was read at",
    ),
  view: FactViewSchema,
};

/** The context of a point-in-time read, repeated in `meta`. */
export const PointInTimeMeta = {
  ticker: z.string().describe('The reference as asked'),
  company: CompanyIdentitySchema,
  period: PeriodFilterSchema,
  basis: BasisSchema.nullable(),
  as_of: z.string().nullable().describe('The point in time applied; null means current knowledge'),
  count: z.number().int(),
  dataset: z.string(),
};

export const RecordedAsOfMeta = z.string().nullable().describe("The instant of this service's record applied; null means its record now");

export const FinancialsResponseSchema = envelope(z.array(FactSchema), {
  ...PointInTimeMeta,
  ...ResolvedTimeMeta,
  concepts: z.array(z.string()).nullable(),
  limit: z.number().int(),
}).meta({ id: 'FinancialsResponse' });
