import type { DisclosureHit } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { belongsToCompany, identityColumns, istDay, statedCompanyJoin } from '#projections/companies';
import { type DisclosureIdentityColumns, EVENT_JOINS, toDisclosureCompany } from './event-rows.ts';
import { DISCLOSURES } from './tables.ts';
import { holdsExcluded, parseTextQuery, termsMatched, textQueryCtes, textQueryParams } from '#projections/shared';

export interface SearchDisclosuresParams {
  /** Words, "quoted phrases" and -excluded words (parseTextQuery). */
  readonly text: string;
  readonly companyId?: string | undefined;
  readonly limit: number;
}

interface HitRow extends DisclosureIdentityColumns {
  disclosure_id: string;
  event_type: string;
  document_type: string | null;
  subject: string;
  snippet: string;
  published_at: Date;
  known_at: Date;
  attachment_url: string | null;
  source_url: string | null;
  score: number;
  terms_matched: number;
  terms: number;
}

// Matched words are marked ** **; fragments of a long body are joined with an ellipsis.
const HEADLINE_OPTIONS = 'MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … ", StartSel="**", StopSel="**"';

/**
 * Full-text search over the subjects and bodies of the served disclosures (whole words,
 * english stemming, ../shared/text-query.ts): those holding any term of the query and no
 * excluded word, the most terms first, then by ts_rank (subject words weigh more than body
 * words), then newest. The snippet is computed for the returned hits only. Text that leaves
 * no search terms (only stop words) finds nothing.
 */
export async function searchDisclosures(db: SqlExecutor, params: SearchDisclosuresParams): Promise<DisclosureHit[]> {
  const company =
    params.companyId === undefined
      ? { join: '', where: '$1::uuid is null' }
      : { join: statedCompanyJoin('d', 'r', istDay('d.published_at')), where: belongsToCompany('d', 'r', '$1::uuid') };
  const { rows } = await db.query<HitRow>(
    `with ${textQueryCtes(3)},
     hits as (
       select d.*, ts_rank(d.search, q.any_term) as score, ${termsMatched('d.search')} as terms_matched
       from ${DISCLOSURES} d cross join text_query q ${company.join}
       where d.duplicate_of is null and d.search @@ q.any_term and not ${holdsExcluded('q', 'd.search')} and ${company.where}
       order by terms_matched desc, score desc, d.published_at desc, d.disclosure_id desc
       limit $2
     )
     select ${identityColumns('d', 'r', 'c')},
            d.disclosure_id::text as disclosure_id, d.event_type, d.document_type, d.subject, d.published_at,
            d.known_at, d.attachment_url, d.source_url, d.score, d.terms_matched, q.term_count as terms,
            ts_headline('english', d.subject || E'\\n' || coalesce(d.body, ''), q.any_term, '${HEADLINE_OPTIONS}') as snippet
     from hits d cross join text_query q
     ${EVENT_JOINS}
     order by d.terms_matched desc, d.score desc, d.published_at desc, d.disclosure_id desc`,
    [params.companyId ?? null, params.limit, ...textQueryParams(parseTextQuery(params.text))],
  );
  return rows.map((row) => ({
    id: row.disclosure_id,
    company: toDisclosureCompany(row),
    event_type: row.event_type,
    document_type: row.document_type,
    subject: row.subject,
    snippet: row.snippet,
    published_at: row.published_at.toISOString(),
    known_at: row.known_at.toISOString(),
    attachment_url: row.attachment_url,
    source_url: row.source_url,
    score: row.score,
    terms_matched: row.terms_matched,
    terms: row.terms,
  }));
}
