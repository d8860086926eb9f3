import { z } from 'zod';
import { DecimalInputSchema, ScreenPredicateSchema } from '#schemas/read-models';
import { IsoDateSchema } from '#schemas/common';
import { CrossSectionStepSchema } from './cross-section.ts';
import { PLAN_EVENT_FIELDS } from './plan-event-fields.ts';

export const PLAN_ROUTES = ['exact', 'filter', 'semantic', 'hybrid', 'hybrid_screen', 'quote'] as const;
export const PlanRouteSchema = z
  .enum(PLAN_ROUTES)
  .describe(
    "exact: named facts or ratios of one company; filter: a company's periods meeting a condition, or with cross_section every company's figure; semantic: narrative questions answered from filings and announcements; hybrid: facts plus the documents that explain them; hybrid_screen: companies found by numeric predicates; quote: latest price",
  );
export type PlanRoute = z.infer<typeof PlanRouteSchema>;

export const PlanPeriodSchema = z
  .enum(['annual', 'quarterly', 'instant', 'any'])
  .describe('Which periods: annual, quarterly, instant (balance-sheet dates) or any');
export type PlanPeriod = z.infer<typeof PlanPeriodSchema>;

/** A condition on a company's own values, e.g. revenue above 1,000 crore. */
export const FactFilterSchema = z
  .object({
    operator: z.enum(['>', '>=', '<', '<=', '=']).describe('Comparison of the value with the threshold'),
    value: DecimalInputSchema.describe('The threshold, in `unit`'),
    unit: z.string().min(1).max(30).describe('Unit of the threshold: INR, crore, lakh, percent, ratio, ...'),
  })
  .strict()
  .meta({ id: 'FactFilter' })
  .describe('A condition on a value, evaluated by the data store');
export type FactFilter = z.infer<typeof FactFilterSchema>;

/** Most conditions a plan adds to its `condition` (a range needs one). */
export const MAX_EXTRA_CONDITIONS = 3;

/** Most companies one plan compares. */
export const MAX_REFERENCES = 10;

/** What to fetch, typed; produced by the deterministic planner or given by the caller. */
export const RetrievalPlanSchema = z
  .object({
    route: PlanRouteSchema,
    reference: z
      .string()
      .min(1)
      .max(200)
      .nullable()
      .default(null)
      .describe('The company as written in the question (name, ticker, NSE:/BSE: form, ISIN, CIN)'),
    concepts: z
      .array(z.string())
      .max(20)
      .default([])
      .describe('Concept, ratio or growth ids, e.g. Revenue, return_on_equity, Revenue_growth'),
    fiscal_year: z
      .number()
      .int()
      .min(1900)
      .max(2200)
      .nullable()
      .default(null)
      .describe('Fiscal year, named by its end: FY2024 = Apr 2023..Mar 2024'),
    fiscal_quarter: z.number().int().min(1).max(4).nullable().default(null).describe('Quarter of the fiscal year: Q1 = Apr..Jun'),
    period: PlanPeriodSchema.default('annual'),
    basis: z.enum(['consolidated', 'standalone']).default('consolidated'),
    as_of: z.iso.datetime({ offset: true }).nullable().default(null).describe('Only what was knowable then'),
    condition: FactFilterSchema.nullable().default(null),
    search_text: z.string().min(1).max(2000).nullable().default(null).describe('Words to look for in filings and announcements'),
    filters: z.array(ScreenPredicateSchema).max(8).default([]).describe('Screen predicates (hybrid_screen)'),
    sort: z.string().max(60).nullable().default(null).describe('Screen sort: a metric id, "-" first for descending'),
    references: z
      .array(z.string().min(1).max(200))
      .max(MAX_REFERENCES)
      .optional()
      .describe(
        'Extension: every company of a comparison or list, as written, in order ("TCS vs Infosys"); `reference` is the first. Each is resolved and answered side by side in one packet; one that does not resolve is a gap. Omitted: the one company of `reference`',
      ),
    restatements: z
      .boolean()
      .optional()
      .describe(
        'Extension: the question asks about restatements; the restated facts of the period are answered with every earlier version (value, filing, source_url, known_at)',
      ),
    conditions: z
      .array(FactFilterSchema)
      .max(MAX_EXTRA_CONDITIONS)
      .optional()
      .describe(
        'Extension: further conditions on the same value as `condition`, all of which must hold too ("revenue between 35,000 and 45,000 crore" is `condition` >= 35,000 crore and `conditions` [<= 45,000 crore]). Ignored without `condition`. Omitted: `condition` alone',
      ),
    price_date: IsoDateSchema.nullable()
      .optional()
      .describe(
        "Extension: the trading day (IST) a price question names; the quote route answers its close, or the nearest earlier session's, as knowable that day. Null: the latest price",
      ),
    change_from: IsoDateSchema.nullable()
      .optional()
      .describe(
        "Extension: the day an ownership change is measured from, to the plan's period (or the newest), each from the newest pattern ending by then, in percentage points. Null: no change asked",
      ),
    cross_section: CrossSectionStepSchema.optional().describe(
      'Extension (route filter): one concept and period over every company, as known at as_of ("revenue of all companies in Q3 FY25")',
    ),
    ...PLAN_EVENT_FIELDS,
  })
  .strict()
  .meta({ id: 'RetrievalPlan' })
  .describe('A typed retrieval plan');
export type RetrievalPlan = z.infer<typeof RetrievalPlanSchema>;
export type RetrievalPlanInput = z.input<typeof RetrievalPlanSchema>;

export const RetrievalRequestSchema = z
  .object({
    query: z.string().min(1).max(2000).describe('The question'),
    plan: RetrievalPlanSchema.nullable().optional().describe('A plan to run as is (validated); the planner is skipped'),
    limit: z.number().int().min(1).max(50).default(10).describe('Most facts, companies or passages per part of the packet'),
  })
  .strict()
  .meta({ id: 'RetrievalRequest' });
export type RetrievalRequest = z.infer<typeof RetrievalRequestSchema>;

export const AskBodySchema = z
  .object({
    query: z.string().min(1).max(2000).describe('The question'),
    session: z.string().min(1).max(64).describe("The caller's session id, echoed in the stream"),
    limit: z.number().int().min(1).max(50).default(10),
  })
  .strict()
  .meta({ id: 'AskBody' });
export type AskBody = z.infer<typeof AskBodySchema>;
