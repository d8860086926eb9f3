import { z } from 'zod';
import { CompanyListItemSchema, InstrumentSchema } from '#schemas/read-models';
import { envelope } from './envelope.ts';
import { AsOfParam, pageParams } from './params.ts';

export const CompaniesQuerySchema = z.object({
  q: z.string().max(200).optional().describe('Names containing this text, in any case: the current name or a former one'),
  sector: z.string().max(100).optional().describe('Sector, compared without regard to case'),
  listing_status: z.string().max(30).optional().describe('Listing status, e.g. listed, suspended, delisted (on the as_of day when given)'),
  as_of: AsOfParam.optional().describe(
    'Extension: listing status as of this day, from the dated listing periods, so the universe of a past day includes companies delisted since; unknown before any source showed the company',
  ),
  ...pageParams(500, 100),
});
export type CompaniesQuery = z.infer<typeof CompaniesQuerySchema>;

const PageMeta = {
  count: z.number().int().describe('Items in this page'),
  total: z.number().int().describe('Items matching the filters, over all pages'),
  limit: z.number().int(),
  offset: z.number().int(),
  dataset: z.string(),
};

export const CompaniesResponseSchema = envelope(z.array(CompanyListItemSchema), {
  ...PageMeta,
  as_of: z.string().nullable().describe('The day listing status is given for; null means now'),
}).meta({ id: 'CompaniesResponse' });

export const InstrumentsQuerySchema = z.object({
  ticker: z.string().max(64).optional().describe('Trading symbol or scrip code, exactly'),
  exchange: z.string().max(8).optional().describe('NSE or BSE'),
  segment: z.string().max(16).optional().describe('Market segment, e.g. CM (capital market)'),
  type: z.string().max(16).optional().describe('Instrument type, e.g. equity'),
  isin: z.string().max(12).optional(),
  company: z.string().max(200).optional().describe('Company: ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or UUID'),
  ...pageParams(500, 100),
});
export type InstrumentsQuery = z.infer<typeof InstrumentsQuerySchema>;

export const InstrumentsResponseSchema = envelope(z.array(InstrumentSchema), PageMeta).meta({ id: 'InstrumentsResponse' });
