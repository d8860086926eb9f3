import { searchDisclosures } from '#projections/disclosures';
import type { AnnouncementSearchHit } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { termsScore } from './hit-score.ts';

/**
 * Disclosures whose subject or body hold terms of the query (the disclosures slice's
 * full-text search), scored by termsScore: the share of the terms held, and its unbounded
 * ts_rank mapped onto 0..1 as rank / (rank + 1).
 */
export async function findAnnouncementHits(
  db: SqlExecutor,
  query: string,
  companyId: string | null,
  limit: number,
): Promise<AnnouncementSearchHit[]> {
  const hits = await searchDisclosures(db, { text: query, limit, ...(companyId === null ? {} : { companyId }) });
  return hits.map((hit) => ({
    kind: 'announcement',
    score: termsScore(hit.terms_matched, hit.terms, hit.score / (hit.score + 1)),
    match: 'fulltext',
    title: hit.subject,
    disclosure_id: hit.id,
    company_id: hit.company.id,
    company: hit.company,
    event_type: hit.event_type,
    document_type: hit.document_type,
    published_at: hit.published_at,
    url: hit.attachment_url ?? hit.source_url,
    snippet: hit.snippet,
    terms_matched: hit.terms_matched,
    terms: hit.terms,
  }));
}
