import { z } from 'zod';
import { CompanyProfileSchema, InstrumentSchema } from '#schemas/read-models';
import { CompanyInputSchema } from './common.ts';

export const GetCompanyInputSchema = z.object({ company: CompanyInputSchema }).strict();

export const GetCompanyOutputSchema = z.object({
  company: CompanyProfileSchema,
  instruments: z.array(InstrumentSchema).describe('Its tradable securities on NSE and BSE'),
});
export type GetCompanyOutput = z.infer<typeof GetCompanyOutputSchema>;
