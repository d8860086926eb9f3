import { z } from 'zod';
import { DecimalInputSchema, ScreenPredicateSchema } from './screen.ts';

/** "15%", "-2.5 %": a percentage written with its sign. */
export const PERCENT_INPUT_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)\s*%$/;

/**
 * A screen filter as people write it: the value may be a percentage with a % sign ("15%"),
 * converted to the metric's unit before the screen runs (a ratio: 0.15; a percent metric: 15).
 */
export const ScreenFilterInputSchema = ScreenPredicateSchema.extend({
  value: z
    .union([DecimalInputSchema, z.string().regex(PERCENT_INPUT_PATTERN, 'must be a decimal number, or a percentage such as "15%"')])
    .describe(
      'The value compared with, in the metric\'s unit (ratios: 0.15 = 15%), or a percentage such as "15%". On a margin, return or tax rate a bare number above 1 (15) is read as a percentage; the reading is echoed in `interpreted`',
    ),
}).describe('A screening constraint: metric, operator, value (a decimal, or a percentage such as "15%")');
export type ScreenFilterInput = z.infer<typeof ScreenFilterInputSchema>;
