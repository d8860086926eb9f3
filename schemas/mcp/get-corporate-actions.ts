import { z } from 'zod';
import { CorporateActionTypeSchema } from '#schemas/common';
import { CompanyIdentitySchema, CorporateActionSchema } from '#schemas/read-models';
import { CompanyInputSchema, pageInputs, ToolPageSchema } from './common.ts';

export const GetCorporateActionsInputSchema = z
  .object({
    company: CompanyInputSchema.optional().describe(
      'Only this company, exactly: ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID (for a name, call search first). Omit for every company',
    ),
    type: CorporateActionTypeSchema.optional().describe('Only this kind: dividend, stock_split, bonus_issue, rights_issue or buyback'),
    start: z.iso.date().optional().describe('Ex-date from, inclusive (YYYY-MM-DD)'),
    end: z.iso.date().optional().describe('Ex-date to, inclusive (YYYY-MM-DD)'),
    ...pageInputs(100, 20),
  })
  .strict();

export const GetCorporateActionsOutputSchema = z.object({
  company: CompanyIdentitySchema.nullable().describe('The company asked for; null when the actions of every company were asked for'),
  actions: z
    .array(CorporateActionSchema)
    .describe(
      'Corporate actions, newest ex-date first (no ex-date last), each once however many files announced it; amounts and ratios are decimal strings',
    ),
  page: ToolPageSchema,
});
export type GetCorporateActionsOutput = z.infer<typeof GetCorporateActionsOutputSchema>;
