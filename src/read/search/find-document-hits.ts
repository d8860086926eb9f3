import { COMPANIES } from '../../../projections/companies/tables.ts';
import { belongsToCompany, resolvedCompanyId, statedCompanyJoin } from '../../../projections/companies/stated-company.ts';
import { FILING_DAY, FILING_TEXTS, FILINGS } from '../../../projections/filings/tables.ts';
import type { DocumentSearchHit } from '../../../schemas/read-models/search.ts';
import type { SqlExecutor } from '../../platform/db/db.ts';
import { COMPANY_COLUMNS, type CompanyColumns, companyFromColumns } from './company-columns.ts';
import { fulltextScore } from './hit-score.ts';
import { containsPattern } from './like-pattern.ts';

interface DocumentRow extends CompanyColumns {
  filing_id: string;
  company_id: string | null;
  document_type: string | null;
  title: string | null;
  fiscal_year: number | null;
  source_url: string | null;
  known_at: Date;
  rank: number;
  fulltext: boolean;
  snippet: string | null;
}

// As the disclosures search marks them: matched words in ** **, fragments joined by an ellipsis.
const HEADLINE_OPTIONS = 'MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … ", StartSel="**", StopSel="**"';
// A title that contains the query as typed, when its words did not match as search terms.
const TITLE_SUBSTRING_SCORE = 0.45;

/**
 * Filings whose extracted text or title matches the query as web-search terms
 * (websearch_to_tsquery, english), or whose title contains it as typed. A full-text hit
 * holds every search term, so it scores fulltextScore of ts_rank with normalisation 32
 * (rank / (rank + 1)), the better of text and title. Headlines are computed for the
 * returned hits only: ts_headline reads the whole text.
 */
const SQL = `
  with q as (select websearch_to_tsquery('english', $1::text) as tsq),
  -- Text and title matches apart, so that each side can use its own index.
  matched as (
    select t.filing_id from ${FILING_TEXTS} t cross join q where t.search @@ q.tsq
    union
    select f.filing_id from ${FILINGS} f cross join q
    where to_tsvector('english', coalesce(f.title, '')) @@ q.tsq or f.title ilike $2 escape '\\'
  )
  select hits.*, ${COMPANY_COLUMNS},
    case when hits.in_text then ts_headline('english', t.text, q.tsq, '${HEADLINE_OPTIONS}') end as snippet
  from (
    select f.filing_id, ${resolvedCompanyId('f', 'r')}::text as company_id, f.document_type, f.title, f.fiscal_year::int as fiscal_year,
      f.source_url, f.known_at,
      greatest(coalesce(ts_rank(t.search, q.tsq, 32), 0), ts_rank(to_tsvector('english', coalesce(f.title, '')), q.tsq, 32))::float8
        as rank,
      coalesce(f.title ilike $2 escape '\\', false) as in_title,
      coalesce(t.search @@ q.tsq, false) as in_text,
      coalesce(t.search @@ q.tsq, false) or to_tsvector('english', coalesce(f.title, '')) @@ q.tsq as fulltext
    from matched m
    join ${FILINGS} f on f.filing_id = m.filing_id
    ${statedCompanyJoin('f', 'r', FILING_DAY)}
    left join ${FILING_TEXTS} t on t.filing_id = f.filing_id
    cross join q
    where $3::uuid is null or ${belongsToCompany('f', 'r', '$3::uuid')}
    order by fulltext desc, rank desc, in_title desc, f.known_at desc, f.filing_id
    limit $4
  ) hits
  cross join q
  left join ${FILING_TEXTS} t on t.filing_id = hits.filing_id
  left join ${COMPANIES} c on c.company_id = hits.company_id::uuid
  order by hits.fulltext desc, hits.rank desc, hits.in_title desc, hits.known_at desc, hits.filing_id`;

export async function findDocumentHits(
  db: SqlExecutor,
  query: string,
  companyId: string | null,
  limit: number,
): Promise<DocumentSearchHit[]> {
  const { rows } = await db.query<DocumentRow>(SQL, [query, containsPattern(query.trim()), companyId, limit]);
  return rows.map((row) => ({
    kind: 'document',
    score: row.fulltext ? fulltextScore(row.rank) : TITLE_SUBSTRING_SCORE,
    match: row.fulltext ? 'fulltext' : 'substring',
    title: row.title ?? row.document_type ?? 'Untitled filing',
    filing_id: String(row.filing_id),
    company_id: row.company_id,
    company: companyFromColumns(row),
    document_type: row.document_type,
    fiscal_year: row.fiscal_year,
    source_url: row.source_url,
    known_at: row.known_at.toISOString(),
    snippet: row.snippet,
  }));
}
