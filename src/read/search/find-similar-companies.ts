import { COMPANIES } from '../../../projections/companies/tables.ts';
import type { CompanySearchHit } from '../../../schemas/read-models/search.ts';
import type { SqlExecutor } from '../../platform/db/db.ts';
import { inexactScore } from './hit-score.ts';
import { prefixPattern } from './like-pattern.ts';
import { BARE_TICKER } from './parse-search-identifier.ts';
import { NEAR_SCORE } from './rank-hits.ts';

interface SimilarCompanyRow {
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
const PROMINENCE = `(least(c.index_lists, 2) * 0.25 + case when c.has_filings then 0.3 else 0 end
  + case when c.listing_status = 'listed' then 0.2 else 0 end)::float8`;

/**
 * Trigram matching on normalised names (search_normalise_name, migration 0005), names
 * containing the query from the start of a word ("consultancy" in "tata consultancy
 * services", never "t s" in "gujarat state"), and NSE symbols starting with a ticker-like
 * query. The first LIKE can use a trigram index; the second checks the word start. Run inside
 * withTrigramThresholds. Normalised text holds only [a-z0-9& ], so it cannot carry a LIKE
 * wildcard; the symbol prefix is escaped. The score: the mean of similarity and
 * word_similarity, or for a symbol prefix 0.5 + 0.45 × the share of the symbol typed.
 */
const SQL = `
  with hits as (
  select * from (
    select c.company_id::text as company_id, c.name, c.nse_symbol, c.bse_code, c.isin, c.cin, c.sector, c.listing_status,
      ${PROMINENCE} as prominence,
      greatest(
        ((similarity(search_normalise_name(c.name), search_normalise_name($1))
          + word_similarity(search_normalise_name($1), search_normalise_name(c.name))) / 2)::float8,
        case when c.nse_symbol like $2 escape '\\' then 0.5 + 0.45 * length($3::text)::float8 / length(c.nse_symbol) else 0 end
      )::float8 as score,
      (strpos(' ' || search_normalise_name(c.name), ' ' || search_normalise_name($1)) > 0 or coalesce(c.nse_symbol like $2 escape '\\', false)) as contains
    from ${COMPANIES} c
    where search_normalise_name($1) <> '' and (
      search_normalise_name(c.name) % search_normalise_name($1)
      or search_normalise_name($1) <% search_normalise_name(c.name)
      or (search_normalise_name(c.name) like '%' || search_normalise_name($1) || '%'
        and ' ' || search_normalise_name(c.name) like '% ' || search_normalise_name($1) || '%')
      or c.nse_symbol like $2 escape '\\')
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
  return rows.map((row) => ({
    kind: 'company',
    score: inexactScore(row.score),
    match: row.contains ? 'substring' : 'similar',
    title: row.name,
    company_id: row.company_id,
    name: row.name,
    nse_symbol: row.nse_symbol,
    bse_code: row.bse_code,
    isin: row.isin,
    cin: row.cin,
    sector: row.sector,
    listing_status: row.listing_status,
    prominence: row.prominence,
  }));
}
