import { z } from 'zod';
import { PeriodTypeSchema, BasisSchema, IsoDateSchema, IsoDateTimeSchema } from '#schemas/common';
import { FactVersionSchema, FactChainVersionSchema, versionChainSchema } from '#schemas/read-models';
import { AsOfInputSchema, BasisInputSchema, CompanyInputSchema, RecordedAsOfInputSchema } from './common.ts';
import { ToolAsOfSchema, ToolCompanySchema, ToolFactSchema, ToolPeriodSchema, ToolRecordedAsOfSchema } from './financial-figures.ts';

export const GetFactProvenanceInputSchema = z
  .object({
    company: CompanyInputSchema,
    concept: z
      .string()
      .min(1)
      .max(60)
      .describe(
        'A reported concept id, e.g. Revenue, ProfitAfterTax, TotalEquity (SPEC.md list; for a word such as "sales" call search with kinds ["concept"]). Derived ratios have no filings of their own: trace their input concepts',
      ),
    basis: BasisInputSchema,
    period_end: IsoDateSchema.describe('Last day of the period (or the balance-sheet date), YYYY-MM-DD, e.g. 2024-12-31 for Q3 FY2025'),
    period_type: PeriodTypeSchema.optional().describe(
      'quarterly, half_yearly, nine_months, annual or instant; omit for every period type ending on period_end, each as its own chain',
    ),
    as_of: AsOfInputSchema.optional().describe(
      'Only the versions knowable then (by known_at): later restatements and the supersession they caused are hidden. Omit for the full trail to date',
    ),
    recorded_as_of: RecordedAsOfInputSchema.optional(),
  })
  .strict();
export type GetFactProvenanceInput = z.infer<typeof GetFactProvenanceInputSchema>;

const shape = ToolFactSchema.shape;

export const ProvenanceVersionSchema = z
  .object({
    value: shape.value,
    unit: shape.unit,
    scale: shape.scale,
    decimals: shape.decimals,
    element: shape.element,
    filing_id: shape.filing_id,
    document_type: shape.document_type,
    is_revision: FactVersionSchema.shape.is_revision,
    source_url: shape.source_url,
    known_at: shape.known_at,
    recorded_at: shape.recorded_at,
    revision_number: shape.revision_number,
    parser_version: FactVersionSchema.shape.parser_version,
    superseded_at: IsoDateTimeSchema.nullable().describe(
      'known_at of the version that replaced this one; null while it is in force (at as_of, when given)',
    ),
    previous_value: FactVersionSchema.shape.previous_value,
    change: FactVersionSchema.shape.change,
    changes: FactChainVersionSchema.shape.changes,
  })
  .describe('One version of the fact: what one filing stated, and when it became knowable');
export type ProvenanceVersion = z.infer<typeof ProvenanceVersionSchema>;

export const ProvenanceChainSchema = versionChainSchema(
  ToolPeriodSchema,
  ProvenanceVersionSchema,
  'The version in force now, or at as_of when given',
);
export type ProvenanceChain = z.infer<typeof ProvenanceChainSchema>;

export const GetFactProvenanceOutputSchema = z.object({
  company: ToolCompanySchema,
  concept: z.string().describe('The concept id asked for'),
  basis: BasisSchema,
  period_end: IsoDateSchema.describe('The period end asked for'),
  as_of: ToolAsOfSchema,
  recorded_as_of: ToolRecordedAsOfSchema,
  chains: z.array(ProvenanceChainSchema).describe('One chain per period type ending on period_end'),
});
export type GetFactProvenanceOutput = z.infer<typeof GetFactProvenanceOutputSchema>;
