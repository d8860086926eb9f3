import { z } from 'zod';
import {
  FactUnitSchema,
  FactConceptSchema,
  PeriodTypeSchema,
  BasisSchema,
  DecimalStringSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  RecordedAtSchema,
  UuidSchema,
} from '#schemas/common';
import { CompanyIdentitySchema } from './company.ts';

export const FactPeriodSchema = z
  .object({
    type: PeriodTypeSchema,
    start: IsoDateSchema.nullable(),
    end: IsoDateSchema,
    fiscal_year: z.number().int(),
    fiscal_quarter: z.number().int().nullable(),
  })
  .describe('The period the fact describes');

/**
 * A reported fact with everything needed to cite it. Deliberately without the time it was
 * superseded: under `as_of` that would leak later knowledge.
 */
export const FactSchema = z
  .object({
    company: CompanyIdentitySchema,
    concept: FactConceptSchema,
    basis: BasisSchema,
    period: FactPeriodSchema,
    value: DecimalStringSchema.describe('Exact decimal value in whole units of `unit`'),
    unit: FactUnitSchema,
    decimals: z.number().int().nullable().describe('XBRL decimals of the reported value; null means exact'),
    scale: z.string().nullable().describe('Presentation scale of the filing, e.g. crore or lakh'),
    filing_id: UuidSchema,
    document_type: z.string(),
    source_url: z.string().nullable(),
    element: z.string().nullable().describe('Source element the value was read from'),
    known_at: IsoDateTimeSchema.describe('When the filing carrying this value was disseminated'),
    recorded_at: RecordedAtSchema,
    revision_number: z
      .number()
      .int()
      .min(0)
      .describe(
        "This version's place among the versions of its fact (same company, concept, basis and period), in the order they became known: 0 is the first release, 1 the first restatement or re-report, and so on",
      ),
  })
  .describe('A reported financial fact with provenance');
export type Fact = z.infer<typeof FactSchema>;

/** A fact whose visible value changed between two knowledge instants (`/v1/financials/changes`). */
export const FactChangeSchema = FactSchema.extend({
  change: z
    .enum(['added', 'restated'])
    .describe('added: no version of this fact was visible at from; restated: one was, with another value'),
  previous_value: DecimalStringSchema.nullable().describe('The value visible at from; null when added'),
  previous_known_at: IsoDateTimeSchema.nullable().describe('known_at of the version visible at from'),
  previous_filing_id: UuidSchema.nullable().describe('The filing of the version visible at from'),
  previous_source_url: z.string().nullable().describe('Where that filing is published'),
}).describe(
  'A fact as visible at to (value, filing, source_url and known_at are of the filing that changed it), beside the value visible at from',
);
export type FactChange = z.infer<typeof FactChangeSchema>;

/**
 * The fields of a fact that its key stands for: a version chain states them once, and its
 * versions leave them out.
 */
export const FACT_KEY_FIELDS = { company: true, concept: true, basis: true, period: true } as const;

/** The identity of a fact across filings: its versions share this key. */
export const FactKeySchema = z.object({
  companyId: UuidSchema,
  concept: FactConceptSchema,
  basis: BasisSchema,
  periodType: PeriodTypeSchema,
  periodEnd: IsoDateSchema,
});
export type FactKey = z.infer<typeof FactKeySchema>;

export const FactVersionSchema = FactSchema.extend({
  superseded_at: IsoDateTimeSchema.nullable().describe('known_at of the version that replaced this one'),
  previous_value: DecimalStringSchema.nullable().describe('Value of the version before this one'),
  change: z
    .enum(['initial', 'restated', 'unchanged'])
    .describe('initial: first version; restated: the value changed; unchanged: re-reported as before'),
  is_revision: z.boolean().describe('true when the filing carrying this version was filed as a revision of an earlier one'),
  parser_version: z
    .number()
    .int()
    .positive()
    .describe(
      'Version of the parser whose reading of the filing this is; a newer parser re-reads a filing and replaces the earlier reading from its recorded_at on',
    ),
}).describe('One version of a fact in its restatement chain');
export type FactVersion = z.infer<typeof FactVersionSchema>;

/** The fields of a fact version compared with the version before it. */
export const FACT_CHANGE_FIELDS = ['value', 'unit', 'scale', 'decimals', 'element', 'source_url'] as const;

export const FactFieldChangeSchema = z
  .object({
    field: z
      .enum(FACT_CHANGE_FIELDS)
      .describe('What changed: value, unit, scale (presentation scale), decimals (XBRL precision), element (source element) or source_url'),
    from: z.string().nullable().describe("The earlier version's value of the field, as text; null when it had none"),
    to: z.string().nullable().describe("This version's value of the field, as text; null when it has none"),
    difference: DecimalStringSchema.nullable().describe('For value: this value minus the earlier one, exact; null for other fields'),
  })
  .describe('One field that differs from the version before');
export type FactFieldChange = z.infer<typeof FactFieldChangeSchema>;
