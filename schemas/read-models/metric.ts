import { z } from 'zod';
import {
  DERIVED_RATIOS,
  FactUnitSchema,
  REPORTED_CONCEPTS,
  ReportedConceptSchema,
  BasisSchema,
  DecimalStringSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
} from '#schemas/common';
import { CompanyIdentitySchema } from './company.ts';
import { FactPeriodSchema } from './fact.ts';

/** `<Concept>_growth` for every reported concept, in the order of SPEC.md's concepts. */
export const GROWTH_METRIC_IDS = REPORTED_CONCEPTS.map((concept) => `${concept}_growth` as const);
export type GrowthMetricId = (typeof GROWTH_METRIC_IDS)[number];

/** Every metric id: the derived ratios of SPEC.md, then the growth fields. */
type MetricIdValue = (typeof DERIVED_RATIOS)[number] | GrowthMetricId;
export const METRIC_IDS = [...DERIVED_RATIOS, ...GROWTH_METRIC_IDS] as readonly MetricIdValue[] as readonly [
  MetricIdValue,
  ...MetricIdValue[],
];

export const MetricIdSchema = z
  .enum(METRIC_IDS)
  .describe('A derived ratio (ebit … cash_conversion) or a year-on-year growth field (<Concept>_growth)');
export type MetricId = z.infer<typeof MetricIdSchema>;

export const MetricUnitSchema = z
  .enum(['INR', 'ratio'])
  .describe('INR: an amount in rupees; ratio: a pure number, 0.1234 meaning 12.34% (never scaled to percent)');
export type MetricUnit = z.infer<typeof MetricUnitSchema>;

export const MetricReasonCodeSchema = z
  .enum(['missing_input', 'zero_denominator', 'negative_denominator', 'no_prior_period', 'period_changed'])
  .describe(
    'Why the value is null: missing_input (a fact the formula needs is not reported), zero_denominator, ' +
      'negative_denominator (a ratio over a negative denominator is not meaningful), no_prior_period (growth has no period covering the same days a year earlier), ' +
      'period_changed (the period labelled a year earlier covers other days, after a change of fiscal year: not compared)',
  );
export type MetricReasonCode = z.infer<typeof MetricReasonCodeSchema>;

export const MetricReasonSchema = z
  .object({
    code: MetricReasonCodeSchema,
    concepts: z
      .array(ReportedConceptSchema)
      .describe('The concepts concerned: those missing, those forming the denominator, or the concept without a prior period'),
    message: z.string().describe('The reason in words'),
  })
  .describe('Why a metric has no value');
export type MetricReason = z.infer<typeof MetricReasonSchema>;

export const MetricPeriodSchema = z
  .object({
    type: z.enum(['quarterly', 'annual']).describe('A quarter or a fiscal year'),
    start: IsoDateSchema.describe('First day of the period'),
    end: IsoDateSchema.describe('Last day of the period'),
    fiscal_year: z.number().int().describe('Fiscal year, named by the calendar year in which it ends'),
    fiscal_quarter: z.number().int().nullable().describe('Quarter of the fiscal year (1..4); null for a year'),
  })
  .describe('The period the metric describes');
export type MetricPeriod = z.infer<typeof MetricPeriodSchema>;

export const MetricInputSchema = z
  .object({
    concept: ReportedConceptSchema.describe('The reported concept used'),
    role: z.enum(['current', 'prior']).describe('current: a fact of the metric period; prior: the fact a year earlier (growth only)'),
    period: FactPeriodSchema.describe('The period of the fact: the metric period, its closing balance sheet date, or the year to date'),
    value: DecimalStringSchema.describe('The reported value, exact, in whole units of `unit`'),
    unit: FactUnitSchema,
    filing_id: z.string().describe('The filing the value was read from'),
    source_url: z.string().nullable().describe('Where the filing is published'),
    known_at: IsoDateTimeSchema.describe('When the filing carrying this value was disseminated'),
  })
  .describe('A fact a metric was computed from, with its provenance');
export type MetricInput = z.infer<typeof MetricInputSchema>;

/** A derived metric for one company, basis and period, with the facts behind it. */
export const MetricSchema = z
  .object({
    company: CompanyIdentitySchema,
    metric: MetricIdSchema,
    basis: BasisSchema,
    period: MetricPeriodSchema,
    value: DecimalStringSchema.nullable().describe(
      'Exact decimal; ratios rounded half away from zero to 6 decimal places, INR amounts exact. Null when unavailable, never 0 for a missing input',
    ),
    unit: MetricUnitSchema,
    reason: MetricReasonSchema.nullable().describe('Why the value is null; null when there is a value'),
    inputs: z.array(MetricInputSchema).describe('The facts used (those found, even when the value is null)'),
    known_at: IsoDateTimeSchema.nullable().describe('The latest known_at of the inputs: when the value became knowable'),
  })
  .describe('A ratio or growth measure derived from reported facts');
export type Metric = z.infer<typeof MetricSchema>;

export const MetricCatalogueEntrySchema = z
  .object({
    id: MetricIdSchema,
    label: z.string().describe('Name for people'),
    formula: z.string().describe('The formula over SPEC.md concepts, e.g. ProfitAfterTax / Revenue'),
    unit: MetricUnitSchema,
    description: z.string().describe('What the metric means and which periods its inputs come from'),
  })
  .describe('A metric the service derives, and how');
export type MetricCatalogueEntry = z.infer<typeof MetricCatalogueEntrySchema>;
