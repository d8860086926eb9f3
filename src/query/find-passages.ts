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
  const knowable = (p: Passage) => !params.asOf || p.known_at === null || p.known_at <= new Date(params.asOf).toISOString();
  // An announcement is also a filing with the same id: keep one passage per source.
  const seen = new Set<string>();
  const unique = (p: Passage) => {
    const key = p.source_url ?? p.id;
    if (seen.has(key) || seen.has(p.id)) return false;
    seen.add(key).add(p.id);
    return true;
  };
  return result.hits
    .map(toPassage)
    .filter((p): p is Passage => p !== undefined && knowable(p))
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'announcement' ? -1 : 1))
    .filter(unique)
    .slice(0, params.limit);
}
