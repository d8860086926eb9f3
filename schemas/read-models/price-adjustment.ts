import { z } from 'zod';
import { DecimalStringSchema, IsoDateSchema, IsoDateTimeSchema, UuidSchema, CorporateActionTypeSchema } from '#schemas/common';

export const PriceAdjustModeSchema = z
  .enum(['none', 'splits', 'all'])
  .describe(
    'none (default): prices as published. splits: backward-adjusted for stock splits and bonus issues (prices and volumes). all: also for dividends and rights issues (prices)',
  );
export type PriceAdjustMode = z.infer<typeof PriceAdjustModeSchema>;

/** One corporate action's factor, as applied to the candles before its ex-date. */
export const PriceAdjustmentFactorSchema = z
  .object({
    action_ids: z
      .array(UuidSchema)
      .describe(
        'The corporate actions (GET /v1/corporate-actions ids) behind this factor: one action announced in several files or by both exchanges counts once',
      ),
    action_type: CorporateActionTypeSchema,
    ex_date: IsoDateSchema.describe('Candles of earlier days are multiplied by price_factor'),
    purpose: z.string().describe('The purpose text as published'),
    known_at: IsoDateTimeSchema.describe('When the action was first knowable'),
    share_factor: DecimalStringSchema.nullable().describe(
      'Shares one share became on the ex-date (a split F1→F2: F1/F2; a bonus A:B: (A+B)/B); volumes before the ex-date are multiplied by it. Null for dividends and rights, and when unknown',
    ),
    price_factor: DecimalStringSchema.nullable().describe(
      'Prices before the ex-date are multiplied by it: 1/share_factor for a split or bonus, (P−D)/P for a dividend D, E/P for rights (E the theoretical ex-rights price). Shown to 12 decimal places, applied exactly. Null when it cannot be computed (reason says why); the action is then not applied',
    ),
    reference_close: DecimalStringSchema.nullable().describe(
      'For a dividend or rights issue, the last close before the ex-date (P); null otherwise',
    ),
    reference_close_at: IsoDateTimeSchema.nullable().describe('Start of the candle reference_close is from'),
    applied: z.boolean().describe('Whether the factor was applied'),
    reason: z.string().nullable().describe('Why it was not applied; null when it was'),
  })
  .describe("A corporate action's adjustment factor");
export type PriceAdjustmentFactor = z.infer<typeof PriceAdjustmentFactorSchema>;

/** How a price series was adjusted: the method, the knowledge it used, and every factor. */
export const PriceAdjustmentSchema = z
  .object({
    mode: PriceAdjustModeSchema.exclude(['none']),
    method: z
      .literal('backward')
      .describe(
        'Backward adjustment: the newest prices stay as published; each candle before an ex-date is multiplied by the product of the price factors of every later action (volume by the product of the share factors), so the series has no jump at the ex-date',
      ),
    actions_known_at: IsoDateTimeSchema.describe(
      "Only corporate actions known by this instant (the request's as_of, else its time) and gone ex by its day in India are used: an as-of series is adjusted as it could have been then",
    ),
    company_id: UuidSchema.nullable().describe('The company whose actions were read; null when the ticker names no company'),
    factors: z.array(PriceAdjustmentFactorSchema).describe('Every action considered, oldest ex-date first, applied or not'),
    note: z.string().nullable().describe('Anything that limits the adjustment (no company, so no actions); null otherwise'),
  })
  .describe('How the prices were adjusted for corporate actions');
export type PriceAdjustment = z.infer<typeof PriceAdjustmentSchema>;
