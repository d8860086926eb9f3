import type { Company } from '../../schemas/read-models/company.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import { type IdentityColumns, toCompanyIdentity } from './company-identity.ts';
import { parseCompanyReference } from './company-reference.ts';
import { COMPANIES, COMPANY_IDENTIFIERS } from './tables.ts';

interface CompanyRow extends IdentityColumns {
  name: string;
  sector: string | null;
  industry: string | null;
  listing_status: string;
  listing_date: string | null;
  known_at: Date;
  updated_at: Date;
}

const toCompany = (row: CompanyRow): Company => ({
  ...toCompanyIdentity(row),
  name: row.name,
  sector: row.sector,
  industry: row.industry,
  listing_status: row.listing_status,
  listing_date: row.listing_date,
  known_at: row.known_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export async function getCompany(db: SqlExecutor, companyId: string): Promise<Company | undefined> {
  const { rows } = await db.query<CompanyRow>(`select * from ${COMPANIES} where company_id = $1`, [companyId]);
  return rows[0] && toCompany(rows[0]);
}

/** Resolves a ticker, `NSE:`/`BSE:` form, ISIN, CIN or UUID to exactly one company, or none. */
export async function resolveCompany(db: SqlExecutor, reference: string): Promise<Company | undefined> {
  const parsed = parseCompanyReference(reference);
  if (parsed.scheme === 'uuid') return getCompany(db, parsed.value);
  const { rows } = await db.query<CompanyRow>(
    `select c.* from ${COMPANY_IDENTIFIERS} i join ${COMPANIES} c using (company_id)
     where i.scheme = $1 and i.value = $2`,
    [parsed.scheme, parsed.value],
  );
  return rows[0] && toCompany(rows[0]);
}

/** Every identifier that resolves to a company: NSE symbol, BSE code, ISIN, CIN. */
export async function listCompanyIdentifiers(
  db: SqlExecutor,
): Promise<Array<{ scheme: string; value: string; companyId: string }>> {
  const { rows } = await db.query<{ scheme: string; value: string; company_id: string }>(
    `select scheme, value, company_id::text as company_id from ${COMPANY_IDENTIFIERS}`,
  );
  return rows.map((row) => ({ scheme: row.scheme, value: row.value, companyId: row.company_id }));
}
