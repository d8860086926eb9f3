import { COMPANIES, belongsToCompany, resolvedCompanyId, statedCompanyJoin } from '#projections/companies';
import { FILING_DAY, FILING_TEXTS, FILINGS } from '#projections/filings';
import type { DocumentSearchHit } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { COMPANY_COLUMNS, type CompanyColumns, companyFromColumns } from './company-columns.ts';
import { holdsExcluded, parseTextQuery, termsMatched, textQueryCtes, textQueryParams } from '#projections/shared';
import { termsScore } from './hit-score.ts';

interface DocumentRow extends CompanyColumns {
  filing_id: string;
  company_id: string | null;
  document_type: string | null;
  title: string | null;
  fiscal_year: number | null;
  source_url: string | null;
  known_at: Date;
  rank: number;
  terms_matched: number;
  terms: number;
  snippet: string | null;
}

// As the disclosures search marks them: matched words in ** **, fragments joined by an ellipsis.
const HEADLINE_OPTIONS = 'MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … ", StartSel="**", StopSel="**"';

const TITLE = `to_tsvector('english', coalesce(f.title, ''))`;

/**
 * Filings whose extracted text or title holds any term of the query as whole words
 * (projections/shared/text-query.ts) and neither an excluded word: the most terms first,
 * title and text together, then by ts_rank with normalisation 32 (rank / (rank + 1)), the
 * better of text and title. Headlines are computed for the returned hits only: ts_headline
 * reads the whole text.
 */
const SQL = `
  with ${textQueryCtes(3)},
  -- Text and title matches apart, so that each side can use its own index.
  matched as (
    select t.filing_id from ${FILING_TEXTS} t cross join text_query q where t.search @@ q.any_term
    union
    select f.filing_id from ${FILINGS} f cross join text_query q where ${TITLE} @@ q.any_term
  )
  select hits.*, ${COMPANY_COLUMNS}, q.term_count as terms,
    case when hits.in_text then ts_headline('english', t.text, q.any_term, '${HEADLINE_OPTIONS}') end as snippet
  from (
    select f.filing_id, ${resolvedCompanyId('f', 'r')}::text as company_id, f.document_type, f.title, f.fiscal_year::int as fiscal_year,
      f.source_url, f.known_at,
      greatest(coalesce(ts_rank(t.search, q.any_term, 32), 0), ts_rank(${TITLE}, q.any_term, 32))::float8 as rank,
      ${termsMatched('t.search', TITLE)} as terms_matched,
      coalesce(t.search @@ q.any_term, false) as in_text
    from matched m
    join ${FILINGS} f on f.filing_id = m.filing_id
    ${statedCompanyJoin('f', 'r', FILING_DAY)}
    left join ${FILING_TEXTS} t on t.filing_id = f.filing_id
    cross join text_query q
    where ($1::uuid is null or ${belongsToCompany('f', 'r', '$1::uuid')}) and not ${holdsExcluded('q', 't.search', TITLE)}
    order by terms_matched desc, rank desc, f.known_at desc, f.filing_id
    limit $2
  ) hits
  cross join text_query q
  left join ${FILING_TEXTS} t on t.filing_id = hits.filing_id
  left join ${COMPANIES} c on c.company_id = hits.company_id::uuid
  order by hits.terms_matched desc, hits.rank desc, hits.known_at desc, hits.filing_id`;

export async function findDocumentHits(
  db: SqlExecutor,
  query: string,
  companyId: string | null,
  limit: number,
): Promise<DocumentSearchHit[]> {
  const { rows } = await db.query<DocumentRow>(SQL, [companyId, limit, ...textQueryParams(parseTextQuery(query))]);
  return rows.map((row) => ({
    kind: 'document',
    score: termsScore(row.terms_matched, row.terms, row.rank),
    match: 'fulltext',
    title: row.title ?? row.document_type ?? 'Untitled filing',
    filing_id: String(row.filing_id),
    company_id: row.company_id,
    company: companyFromColumns(row),
    document_type: row.document_type,
    fiscal_year: row.fiscal_year,
    source_url: row.source_url,
    known_at: row.known_at.toISOString(),
    snippet: row.snippet,
    terms_matched: row.terms_matched,
    terms: row.terms,
  }));
}
