import { COMPANIES, INSTRUMENTS } from '../../../projections/companies/tables.ts';
import type { SecuritySearchHit } from '../../../schemas/read-models/search.ts';
import type { SqlExecutor } from '../../platform/db/db.ts';
import { INSTRUMENT_COLUMNS, type InstrumentRow, securityHit } from './find-exact-hits.ts';
import { inexactScore } from './hit-score.ts';
import { prefixPattern } from './like-pattern.ts';
import { BARE_TICKER } from './parse-search-identifier.ts';

/** As findSimilarCompanies, over security names and tickers; run inside withTrigramThresholds. */
const SQL = `
  select * from (
    select ${INSTRUMENT_COLUMNS},
      greatest(
        ((similarity(search_normalise_name(i.name), search_normalise_name($1))
          + word_similarity(search_normalise_name($1), search_normalise_name(i.name))) / 2)::float8,
        case when i.ticker like $2 escape '\\' then 0.5 + 0.45 * length($3::text)::float8 / length(i.ticker) else 0 end
      )::float8 as score,
      (strpos(' ' || search_normalise_name(i.name), ' ' || search_normalise_name($1)) > 0 or coalesce(i.ticker like $2 escape '\\', false)) as contains
    from ${INSTRUMENTS} i left join ${COMPANIES} c on c.company_id = i.company_id
    where search_normalise_name($1) <> ''
      and ($5::uuid is null or i.company_id = $5)
      and (
        search_normalise_name(i.name) % search_normalise_name($1)
        or search_normalise_name($1) <% search_normalise_name(i.name)
        or (search_normalise_name(i.name) like '%' || search_normalise_name($1) || '%'
          and ' ' || search_normalise_name(i.name) like '% ' || search_normalise_name($1) || '%')
        or i.ticker like $2 escape '\\')
  ) hits
  order by score desc, name, exchange, ticker, instrument_id
  limit $4`;

export async function findSimilarSecurities(
  tx: SqlExecutor,
  query: string,
  companyId: string | null,
  limit: number,
): Promise<SecuritySearchHit[]> {
  const text = query.trim();
  const ticker = BARE_TICKER.test(text) ? text.toUpperCase() : null;
  const { rows } = await tx.query<InstrumentRow & { score: number; contains: boolean }>(SQL, [
    text,
    ticker && prefixPattern(ticker),
    ticker ?? '',
    limit,
    companyId,
  ]);
  return rows.map((row) => securityHit(row, inexactScore(row.score), row.contains ? 'substring' : 'similar'));
}
