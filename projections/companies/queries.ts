import type { Company } from '../../schemas/read-models/company.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import { type CompanyRow, toCompany } from './to-company.ts';
import { parseCompanyReference } from './company-reference.ts';
import { COMPANIES, COMPANY_IDENTIFIERS } from './tables.ts';

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
