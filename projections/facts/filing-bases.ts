import type { Basis } from '#schemas/common';
import type { SqlExecutor } from '#platform/db';
import { FACTS } from './tables.ts';

/**
 * The bases (consolidated, standalone) whose facts each filing of one company and period
 * end carries, over every version, superseded or not: the filings table does not record a
 * basis, the facts do. A range scan of the facts' primary key (company, period end).
 */
export async function listFilingBases(
  db: SqlExecutor,
  params: { readonly companyId: string; readonly periodEnd: string },
): Promise<Map<string, Basis[]>> {
  const { rows } = await db.query<{ filing_id: string; basis: Basis }>(
    `select distinct f.filing_id::text as filing_id, f.basis
     from ${FACTS} f
     where f.company_id = $1 and f.period_end = $2
     order by 1, 2`,
    [params.companyId, params.periodEnd],
  );
  const bases = new Map<string, Basis[]>();
  for (const row of rows) bases.set(row.filing_id, [...(bases.get(row.filing_id) ?? []), row.basis]);
  return bases;
}
