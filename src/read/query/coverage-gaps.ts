import { FACTS } from '#projections/facts';
import { belongsToCompany, statedCompanyJoin } from '#projections/companies';
import { FILING_DAY, FILINGS } from '#projections/filings';
import type { Gap } from '#schemas/query';
import type { CompanyIdentity } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';

/** Fewer period ends than this (a year of quarters) is thin coverage for a company. */
export const THIN_PERIODS = 4;

const nameOf = (company: CompanyIdentity) => company.name ?? company.nse_symbol ?? company.id;

/**
 * How much the store holds for the company, so an answer does not read a thin record as
 * the whole story: its financials' distinct period ends, and its documents.
 */
export async function coverageGaps(
  db: SqlExecutor,
  company: CompanyIdentity,
  parts: { facts: boolean; documents: boolean },
): Promise<Gap[]> {
  const gaps: Gap[] = [];
  if (parts.facts) {
    const { rows } = await db.query<{ periods: number }>(
      `select count(distinct period_end)::int as periods from ${FACTS} where company_id = $1 and superseded_at is null`,
      [company.id],
    );
    const periods = rows[0]?.periods ?? 0;
    if (periods < THIN_PERIODS) {
      gaps.push({
        kind: 'thin',
        subject: 'financials',
        message: `The financials held for ${nameOf(company)} cover ${periods === 0 ? 'no' : `only ${periods}`} period end${periods === 1 ? '' : 's'}.`,
      });
    }
  }
  if (parts.documents) {
    const { rows } = await db.query<{ documents: number }>(
      `select count(*)::int as documents from ${FILINGS} f ${statedCompanyJoin('f', 'r', FILING_DAY)} where ${belongsToCompany('f', 'r', '$1::uuid')}`,
      [company.id],
    );
    if ((rows[0]?.documents ?? 0) === 0) {
      gaps.push({ kind: 'thin', subject: 'filings', message: `No filings or announcements of ${nameOf(company)} are held.` });
    }
  }
  return gaps;
}
