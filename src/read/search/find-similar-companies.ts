import { COMPANIES } from '#projections/companies';
import type { CompanySearchHit } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { inexactScore } from './hit-score.ts';
import { nameMatchSql } from './name-match-sql.ts';
import { prefixPattern } from './like-pattern.ts';
import { BARE_TICKER } from './parse-search-identifier.ts';
import { NEAR_SCORE } from './rank-hits.ts';

/** A company a name search found: its identity, how well it matched, and its prominence. */
export interface SimilarCompanyRow {
  company_id: string;
  name: string;
  nse_symbol: string | null;
  bse_code: string | null;
  isin: string | null;
  cin: string | null;
  sector: string | null;
  listing_status: string;
  score: number;
  contains: boolean;
  prominence: number;
}

/**
 * How prominent a company is, 0..1: the index lists that name it (NIFTY 50 and NIFTY 500
 * both, up to two), filings of its own held here, and a current listing. Sun
 * Pharmaceutical is in both NIFTY lists, Sun Pharma Advanced Research in one.
 */
export const PROMINENCE = `(least(c.index_lists, 2) * 0.25 + case when c.has_filings then 0.3 else 0 end
  + case when c.listing_status = 'listed' then 0.2 else 0 end)::float8`;

const MATCH = nameMatchSql('c.name', 'c.nse_symbol');

/**
 * Companies whose name or NSE symbol matches the query (name-match-sql.ts), scored and
 * with their prominence; run inside withTrigramThresholds.
 */
const SQL = `
  with hits as (
  select * from (
    select c.company_id::text as company_id, c.name, c.nse_symbol, c.bse_code, c.isin, c.cin, c.sector, c.listing_status,
      ${PROMINENCE} as prominence,
      ${MATCH.score} as score,
      ${MATCH.contains} as contains
    from ${COMPANIES} c
    where ${MATCH.matches}
  ) found),
  -- Every hit within NEAR_SCORE of the limit-th best, so that the near ties prominence
  -- breaks (rank-hits.ts) are all there whatever the limit.
  cutoff as (select min(score) - ${NEAR_SCORE} as score from (select score from hits order by score desc limit $4) best)
  select hits.* from hits, cutoff where hits.score >= cutoff.score
  order by hits.score desc, hits.prominence desc, hits.name, hits.company_id`;

export async function findSimilarCompanies(tx: SqlExecutor, query: string, limit: number): Promise<CompanySearchHit[]> {
  const text = query.trim();
  const symbol = BARE_TICKER.test(text) ? text.toUpperCase() : null;
  const { rows } = await tx.query<SimilarCompanyRow>(SQL, [text, symbol && prefixPattern(symbol), symbol ?? '', limit]);
  return rows.map((row) => similarCompanyHit(row, inexactScore(row.score), row.name));
}

/** The search hit of a company found by name: the match's kind, the identity and prominence. */
export const similarCompanyHit = (row: SimilarCompanyRow, score: number, title: string): CompanySearchHit => ({
  kind: 'company',
  score,
  match: row.contains ? 'substring' : 'similar',
  title,
  company_id: row.company_id,
  name: row.name,
  nse_symbol: row.nse_symbol,
  bse_code: row.bse_code,
  isin: row.isin,
  cin: row.cin,
  sector: row.sector,
  listing_status: row.listing_status,
  prominence: row.prominence,
});
