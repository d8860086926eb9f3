import { z } from 'zod';
import { BseScripCodeSchema, CinSchema, IsinSchema, IsoDateSchema, NseSymbolSchema, UuidSchema } from '#schemas/common';
import { eventPayload } from './event-payload.ts';

export const ListingStatusSchema = z.enum(['listed', 'suspended', 'delisted']).describe('Whether the company has a listed security');
export type ListingStatus = z.infer<typeof ListingStatusSchema>;

const CompanyAttributes = {
  name: z.string().min(1).max(300),
  cin: CinSchema.nullable(),
  isin: IsinSchema.nullable().describe('ISIN of the primary equity share'),
  nseSymbol: NseSymbolSchema.nullable(),
  bseCode: BseScripCodeSchema.nullable(),
  sector: z.string().min(1).max(100).nullable(),
  industry: z.string().min(1).max(200).nullable(),
  listingStatus: ListingStatusSchema,
  listingDate: IsoDateSchema.nullable(),
};

export const CompanyRegisteredSchema = eventPayload(
  { companyId: UuidSchema, ...CompanyAttributes },
  'A listed company became known to the service',
);
export type CompanyRegistered = z.infer<typeof CompanyRegisteredSchema>;

export const CompanyUpdatedSchema = eventPayload(
  {
    companyId: UuidSchema,
    changes: z
      .object(CompanyAttributes)
      .partial()
      .strict()
      .refine((c) => Object.keys(c).length > 0, 'at least one attribute must change'),
  },
  'Attributes of a company changed (rename, new symbol, sector, status)',
);
export type CompanyUpdated = z.infer<typeof CompanyUpdatedSchema>;
