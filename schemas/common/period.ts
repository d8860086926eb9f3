import { z } from 'zod';
import { IsoDateSchema } from './primitives.ts';

/**
 * The kind of period a fact describes (its valid time). Durations are named by their
 * length; balance-sheet figures are `instant` and have only an end date.
 */
export const PeriodTypeSchema = z
  .enum(['quarterly', 'half_yearly', 'nine_months', 'annual', 'instant'])
  .describe('Length of the reported period, or instant for balance-sheet figures');
export type PeriodType = z.infer<typeof PeriodTypeSchema>;

/** Period filter of the read API: SPEC.md's `quarterly`, `annual`, `any`. */
export const PeriodFilterSchema = z.enum(['quarterly', 'annual', 'any']).describe('quarterly, annual or any period');
export type PeriodFilter = z.infer<typeof PeriodFilterSchema>;

export const FiscalYearSchema = z
  .number()
  .int()
  .min(1900)
  .max(2200)
  .describe('Fiscal year, named by the calendar year in which it ends (FY2024 = Apr 2023..Mar 2024)');

export const FiscalQuarterSchema = z.number().int().min(1).max(4).describe('Quarter of the fiscal year, 1..4');

export const PeriodSchema = z
  .object({
    type: PeriodTypeSchema,
    start: IsoDateSchema.nullable().describe('First day of the period; null for instants'),
    end: IsoDateSchema.describe('Last day of the period, or the date of an instant'),
    fiscalYear: FiscalYearSchema,
    fiscalQuarter: FiscalQuarterSchema.nullable().describe('Fiscal quarter the period ends in; null for annual periods'),
  })
  .refine((p) => (p.type === 'instant') === (p.start === null), {
    message: 'an instant has no start date and a duration must have one',
    path: ['start'],
  })
  .refine((p) => p.start === null || p.start <= p.end, {
    message: 'start must not be after end',
    path: ['start'],
  });
export type Period = z.infer<typeof PeriodSchema>;
