import { z } from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, UuidSchema } from '../common/primitives.ts';

/** Who a record is about: enough to identify the company without another call. */
export const CompanyIdentitySchema = z
  .object({
    id: UuidSchema.describe('Company UUID'),
    name: z.string().nullable().describe('Registered name, as the latest master list states it'),
    nse_symbol: z.string().nullable().describe('NSE trading symbol; null when not listed on NSE or not known'),
    bse_code: z.string().nullable().describe('BSE scrip code; null when not known'),
    isin: z.string().nullable().describe('ISIN of the primary equity share'),
    cin: z.string().nullable().describe('Corporate Identity Number; null when not known'),
  })
  .describe('Company identity');
export type CompanyIdentity = z.infer<typeof CompanyIdentitySchema>;

export const CompanySchema = CompanyIdentitySchema.extend({
  name: z.string().describe('Registered name, as the latest master list states it'),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  listing_status: z.string(),
  listing_date: IsoDateSchema.nullable(),
  known_at: IsoDateTimeSchema.describe('When the company first became knowable'),
  updated_at: IsoDateTimeSchema.describe('Knowledge time of the latest change'),
}).describe('A canonical listed company');
export type Company = z.infer<typeof CompanySchema>;

export const InstrumentSchema = z
  .object({
    id: UuidSchema,
    company_id: UuidSchema,
    exchange: z.string(),
    segment: z.string(),
    type: z.string(),
    ticker: z.string(),
    isin: z.string().nullable(),
    name: z.string(),
    series: z.string().nullable(),
    face_value: z.string().nullable(),
    listing_date: IsoDateSchema.nullable(),
    status: z.string(),
    known_at: IsoDateTimeSchema,
  })
  .describe('A tradable security of a company');
export type Instrument = z.infer<typeof InstrumentSchema>;
