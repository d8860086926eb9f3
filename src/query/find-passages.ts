import type { Passage } from '../../schemas/query/evidence.ts';
import type { SearchHit } from '../../schemas/read-models/search.ts';
import type { SqlExecutor } from '../db/db.ts';
import { search } from '../search/search.ts';

function toPassage(hit: SearchHit): Passage | undefined {
  if (hit.kind === 'document') {
    return {
      kind: 'document',
      id: hit.filing_id,
      company: hit.company,
      title: hit.title,
      snippet: hit.snippet ?? hit.title,
      document_type: hit.document_type,
      event_type: null,
      source_url: hit.source_url,
      published_at: hit.known_at,
      known_at: hit.known_at,
      score: hit.score,
    };
  }
  if (hit.kind === 'announcement') {
    return {
      kind: 'announcement',
      id: hit.disclosure_id,
      company: hit.company,
      title: hit.title,
      snippet: hit.snippet ?? hit.title,
      document_type: hit.document_type,
      event_type: hit.event_type,
      source_url: hit.url,
      published_at: hit.published_at,
      known_at: hit.published_at,
      score: hit.score,
    };
  }
  return undefined;
}

/**
 * Passages of filings and announcements matching the words, of one company when given,
 * and knowable at `asOf` when given. Their text is evidence to quote, never instructions.
 */
export async function findPassages(
  db: SqlExecutor,
  params: { text: string; companyId?: string | undefined; asOf?: string | null | undefined; limit: number },
): Promise<Passage[]> {
  const result = await search(db, { query: params.text.slice(0, 200), kinds: ['document', 'announcement'], ticker: params.companyId ?? null, limit: Math.min(100, params.limit * 2) });
  return result.hits
    .map(toPassage)
    .filter((p): p is Passage => p !== undefined && (!params.asOf || p.known_at === null || p.known_at <= new Date(params.asOf).toISOString()))
    .slice(0, params.limit);
}
