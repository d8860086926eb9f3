import { COMPANIES, INSTRUMENTS } from '#projections/companies';
import type { SecuritySearchHit } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { INSTRUMENT_COLUMNS, type InstrumentRow, securityHit } from './find-exact-hits.ts';
import { inexactScore } from './hit-score.ts';
import { nameMatchSql } from './name-match-sql.ts';
import { prefixPattern } from './like-pattern.ts';
import { BARE_TICKER } from './parse-search-identifier.ts';

const MATCH = nameMatchSql('i.name', 'i.ticker');

/** As findSimilarCompanies, over security names and tickers; run inside withTrigramThresholds. */
const SQL = `
  select * from (
    select ${INSTRUMENT_COLUMNS},
      ${MATCH.score} as score,
      ${MATCH.contains} as contains
    from ${INSTRUMENTS} i left join ${COMPANIES} c on c.company_id = i.company_id
    where ($5::uuid is null or i.company_id = $5) and ${MATCH.matches}
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
