import { z } from 'zod';
import { FactUnitSchema, FiscalYearSchema, BasisSchema, DecimalStringSchema, IsoDateTimeSchema, UuidSchema } from '#schemas/common';
import { MetricReasonSchema, MetricUnitSchema } from '#schemas/read-models';
import { AsOfInputSchema, BasisInputSchema, CompanyInputSchema, limitInput } from './common.ts';
import { MeasureIdInputSchema, ToolAsOfSchema, ToolCompanySchema, ToolMetricSchema, ToolPeriodSchema } from './financial-figures.ts';

const HistoryPeriodSchema = z
  .enum(['quarterly', 'annual'])
  .describe(
    'annual (default): one point per fiscal year; quarterly: one per quarter. Balance-sheet concepts are instants: annual gives the balance at each fiscal year end (Q4), quarterly every quarter end at which a balance sheet was filed. Cash flows are filed only year to date, so quarterly has none for them',
  );

export const GetFinancialHistoryInputSchema = z
  .object({
    company: CompanyInputSchema,
    measure: MeasureIdInputSchema.describe(
      'The one measure: a reported concept id (e.g. Revenue), a derived ratio id (e.g. net_margin) or a growth id (e.g. Revenue_growth). For a word such as "sales", call search with kinds ["concept"] first',
    ),
    period: HistoryPeriodSchema.default('annual'),
    basis: BasisInputSchema,
    as_of: AsOfInputSchema.optional(),
    from_fiscal_year: FiscalYearSchema.optional().describe('First fiscal year to include (named by the calendar year in which it ends)'),
    to_fiscal_year: FiscalYearSchema.optional().describe('Last fiscal year to include (named by the calendar year in which it ends)'),
    limit: limitInput(120, 40).describe('Most points to return, 1..120: the latest periods in the range'),
  })
  .strict();
export type GetFinancialHistoryInput = z.infer<typeof GetFinancialHistoryInputSchema>;

export const HistoryPointSchema = z
  .object({
    period: ToolPeriodSchema,
    value: DecimalStringSchema.nullable().describe(
      'Exact decimal value; null only for a derived measure that cannot be computed (see reason), never 0',
    ),
    unit: z
      .union([FactUnitSchema, MetricUnitSchema])
      .describe('Unit of the value: INR, INR/share, shares, pure or % for facts; INR or ratio (0.1234 = 12.34%) for metrics'),
    scale: z.string().nullable().describe('Presentation scale of the filing (crore, lakh); null for derived measures'),
    decimals: z.number().int().nullable().describe('XBRL decimals of a reported value (null means exact); null for derived measures'),
    filing_id: UuidSchema.nullable().describe('The filing a reported value was read from; null for derived measures (see inputs)'),
    source_url: z.string().nullable().describe('Where that filing is published; null for derived measures (see inputs)'),
    known_at: IsoDateTimeSchema.nullable().describe(
      'When the value became knowable: the filing’s dissemination, or the latest known_at of a derived value’s inputs',
    ),
    reason: MetricReasonSchema.nullable().describe(
      'Why a derived value is null; null when there is a value, and always for reported values',
    ),
    inputs: ToolMetricSchema.shape.inputs.describe(
      'For a derived value: the facts it was computed from, each with filing_id, source_url and known_at; empty for reported values',
    ),
  })
  .describe('The measure for one period, with its provenance');
export type HistoryPoint = z.infer<typeof HistoryPointSchema>;

export const GetFinancialHistoryOutputSchema = z.object({
  company: ToolCompanySchema,
  measure: z.string().describe('The measure id asked for'),
  kind: z
    .enum(['reported', 'derived'])
    .describe('reported: a concept filed by the company; derived: a ratio or growth computed from filed facts'),
  formula: z.string().nullable().describe('How a derived measure is computed (docs/metrics.md); null for reported concepts'),
  unit: z.union([FactUnitSchema, MetricUnitSchema]).nullable().describe('Unit of the values; null for a reported concept without points'),
  basis: BasisSchema,
  period: HistoryPeriodSchema,
  as_of: ToolAsOfSchema,
  points: z.array(HistoryPointSchema).describe('One point per period, oldest first'),
  has_earlier: z
    .boolean()
    .describe('true when the range holds earlier periods than the oldest point returned: raise limit or set to_fiscal_year'),
  truncated: z
    .boolean()
    .describe('true when the oldest points within limit were left out to keep one result small: set to_fiscal_year to read further back'),
  notes: z.array(z.string()).describe('How to read the points: instants, year-to-date cash flows, absence'),
});
export type GetFinancialHistoryOutput = z.infer<typeof GetFinancialHistoryOutputSchema>;
