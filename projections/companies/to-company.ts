import type { Company } from '#schemas/read-models';
import { type IdentityColumns, toCompanyIdentity } from './company-identity.ts';

export interface CompanyRow extends IdentityColumns {
  name: string;
  sector: string | null;
  industry: string | null;
  listing_status: string;
  listing_date: string | null;
  known_at: Date;
  updated_at: Date;
}

export const toCompany = (row: CompanyRow): Company => ({
  ...toCompanyIdentity(row),
  name: row.name,
  sector: row.sector,
  industry: row.industry,
  listing_status: row.listing_status,
  listing_date: row.listing_date,
  known_at: row.known_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});
