import { z } from 'zod';
import { PeriodTypeSchema, IsoDateSchema, IsoDateTimeSchema, UuidSchema } from '#schemas/common';
import { CompanyIdentitySchema, FactSchema, MetricInputSchema, MetricSchema } from '#schemas/read-models';

/** The shapes the financial tools share: figures without the company repeated in each, every field described. */

export const ToolCompanySchema = CompanyIdentitySchema.extend({
  name: z.string().nullable().describe('Company name'),
  nse_symbol: z.string().nullable().describe('NSE trading symbol'),
  bse_code: z.string().nullable().describe('BSE scrip code'),
  cin: z.string().nullable().describe('Corporate Identity Number'),
}).describe('The company every figure of this result is about');

/** One id of SPEC.md's concepts, derived ratios or growth fields, checked by the tool so an unknown id gets guidance. */
export const MeasureIdInputSchema = z
  .string()
  .min(1)
  .max(60)
  .describe(
    'A reported concept id (e.g. Revenue, ProfitAfterTax, TotalEquity, BasicEarningsPerShare), a derived ratio id (ebit, ebitda, net_margin, ebit_margin, ebitda_margin, effective_tax_rate, interest_coverage, return_on_equity, return_on_assets, debt_to_equity, asset_turnover, cash_conversion) or a growth id <Concept>_growth (e.g. Revenue_growth). For a word such as "sales", call search with kinds ["concept"] first',
  );

export const ToolPeriodSchema = z
  .object({
    type: PeriodTypeSchema,
    start: IsoDateSchema.nullable().describe('First day of the period; null for an instant (balance-sheet date)'),
    end: IsoDateSchema.describe('Last day of the period, or the balance-sheet date'),
    fiscal_year: z
      .number()
      .int()
      .describe('Fiscal year, named by the calendar year in which it ends (FY2025 = Apr 2024..Mar 2025 for most companies)'),
    fiscal_quarter: z.number().int().nullable().describe('Fiscal quarter the period ends in (1..4); null for a full year'),
  })
  .describe('The period the figure describes');

export const ToolFactSchema = FactSchema.omit({ company: true })
  .extend({
    period: ToolPeriodSchema,
    filing_id: UuidSchema.describe('The filing the value was read from'),
    document_type: z.string().describe('Type of that filing, e.g. financial_results'),
    source_url: z.string().nullable().describe('Where the filing is published (exchange archive URL)'),
  })
  .describe('A reported fact with its provenance: keep filing_id, source_url and known_at with any claim');
export type ToolFact = z.infer<typeof ToolFactSchema>;

export const ToolMetricSchema = MetricSchema.omit({ company: true })
  .extend({
    inputs: z
      .array(MetricInputSchema.extend({ period: ToolPeriodSchema }))
      .describe('The facts used (those found, even when the value is null), each with its filing, source_url and known_at'),
  })
  .describe('A ratio or growth measure derived from reported facts, with the facts behind it');
export type ToolMetric = z.infer<typeof ToolMetricSchema>;

export const ToolAsOfSchema = IsoDateTimeSchema.nullable().describe(
  'The instant the result is as known at (as given, normalised to UTC when it had no zone); null for current knowledge',
);

export const ToolRecordedAsOfSchema = IsoDateTimeSchema.nullable().describe(
  "The instant of this service's record the result is from (normalised to UTC when it had no zone); null for its record now",
);
