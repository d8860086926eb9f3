import type { CompanyIdentity } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { type IdentityColumns, toCompanyIdentity } from './company-identity.ts';
import { COMPANIES } from './tables.ts';

/** Every company whose registered name begins with a letter (any case): the ones a set of initials can stand for. */
export async function companiesNamedFrom(db: SqlExecutor, letter: string): Promise<CompanyIdentity[]> {
  const { rows } = await db.query<IdentityColumns>(
    `select company_id, name, nse_symbol, bse_code, isin, cin from ${COMPANIES} where upper(left(name, 1)) = upper($1) order by name, company_id`,
    [letter.slice(0, 1)],
  );
  return rows.map(toCompanyIdentity);
}
