import { z } from 'zod';
import { isQuarterEnd } from '#platform/time';

/**
 * What to generate. The defaults give the CLI's dataset; tests raise the rates to be sure a
 * small dataset has revisions and late filings. `endDate` is explicit (never today) so that
 * the same arguments always give the same bytes.
 */
export const GenerateOptionsSchema = z
  .object({
    companies: z.number().int().min(1).max(10_000).default(50).describe('How many synthetic companies'),
    years: z.number().int().min(1).max(30).default(5).describe('Fiscal quarters generated: the last 4 x years up to endDate'),
    seed: z.number().int().min(0).max(0xffff_ffff).default(1).describe('Seed of the pseudo-random streams'),
    priceDays: z.number().int().min(0).max(2_000).default(20).describe('Weekdays of bhavcopy up to endDate'),
    endDate: z.iso
      .date()
      .refine(isQuarterEnd, 'must be a calendar quarter end (31 Mar, 30 Jun, 30 Sep or 31 Dec)')
      .default('2025-03-31')
      .describe('The last quarter end included'),
    revisionRate: z.number().min(0).max(1).default(0.05).describe('Share of filings revised 1 to 30 days later'),
    lateRate: z.number().min(0).max(1).default(0.03).describe('Share of filings disseminated months after the period'),
  })
  .strict();
export type GenerateOptions = z.infer<typeof GenerateOptionsSchema>;
export type GenerateOptionsInput = z.input<typeof GenerateOptionsSchema>;
