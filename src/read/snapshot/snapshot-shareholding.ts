import { resolvedCompanyId, statedCompanyJoin } from '#projections/companies';
import { listShareholding, SNAPSHOTS } from '#projections/shareholding';
import type { ShareholdingRow } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { anyBetween } from './known-between.ts';

/** Far above the patterns one company files (four a year, and event-driven ones). */
const PATTERNS_PER_COMPANY = 100_000;

/** The companies with an ownership pattern knowable at `asOf` (a pattern naming its company by a stated identifier counts for the company it resolves to), in id order. */
async function companiesWithPatterns(db: SqlExecutor, asOf: string): Promise<string[]> {
  const { rows } = await db.query<{ company_id: string }>(
    `select distinct ${resolvedCompanyId('s', 'r')}::text as company_id
     from ${SNAPSHOTS} s ${statedCompanyJoin('s', 'r', 's.period_end')}
     where s.known_at <= $1::timestamptz and ${resolvedCompanyId('s', 'r')} is not null
     order by 1`,
    [asOf],
  );
  return rows.map((row) => row.company_id);
}

/**
 * Every company's ownership patterns as known at `asOf`, without the holders: per period end
 * the pattern `listShareholding` reads as of then (the latest known by then), a company per
 * page, companies in id order. A pattern whose stated identifiers resolve to no company is
 * left out, as /v1/shareholding cannot name it either.
 */
export async function* shareholdingRows(db: SqlExecutor, asOf: string): AsyncGenerator<ShareholdingRow[], void, undefined> {
  for (const companyId of await companiesWithPatterns(db, asOf)) {
    const patterns = await listShareholding(db, { companyId, asOf, holders: false, limit: PATTERNS_PER_COMPANY });
    if (patterns.length > 0) yield patterns.map(({ holders: _, ...pattern }) => pattern);
  }
}

/** Whether the patterns as known at `to` may differ from those at `from` (earlier): only if one became knowable in between. */
export const shareholdingMayChange = (db: SqlExecutor, from: string, to: string): Promise<boolean> => anyBetween(db, SNAPSHOTS, from, to);
