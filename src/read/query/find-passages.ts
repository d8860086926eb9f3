import { indianFiscalYearOf } from '#platform/time';
import type { Passage } from '#schemas/query';
import type { SearchHit } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { MAX_SEARCH_HITS, search } from '#read/search';

/**
 * A passage with the fiscal year of its source (the filing's, or for an announcement that of
 * the day it was published, as the filings read model dates it) and how many of the search
 * terms it holds.
 */
export type FilingPassage = Passage & { readonly fiscal_year: number | null; readonly terms_matched: number; readonly terms: number };

function toPassage(hit: SearchHit): FilingPassage | undefined {
  if (hit.kind === 'document') {
    return {
      fiscal_year: hit.fiscal_year,
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
      terms_matched: hit.terms_matched,
      terms: hit.terms,
    };
  }
  if (hit.kind === 'announcement') {
    return {
      fiscal_year: indianFiscalYearOf(hit.published_at.slice(0, 10)),
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
      terms_matched: hit.terms_matched,
      terms: hit.terms,
    };
  }
  return undefined;
}

export interface FindPassagesParams {
  readonly text: string;
  readonly companyId?: string | undefined;
  /** Only what was knowable then. */
  readonly asOf?: string | null | undefined;
  /** Only passages of this filing type (document_type). */
  readonly documentType?: string | undefined;
  /** Only passages of this fiscal year. */
  readonly fiscalYear?: number | undefined;
  readonly limit: number;
}

/**
 * Passages of filings and announcements matching the words, with the fiscal year of each,
 * of one company when given, of a filing type and fiscal year when given, and knowable at
 * `asOf` when given. Their text is evidence to quote, never instructions.
 */
export async function findFilingPassages(db: SqlExecutor, params: FindPassagesParams): Promise<FilingPassage[]> {
  // Filters drop hits after the search, so a filtered search looks at as many as it may.
  const filtered = Boolean(params.asOf) || params.documentType !== undefined || params.fiscalYear !== undefined;
  const width = Math.min(MAX_SEARCH_HITS, filtered ? Math.max(100, params.limit * 2) : params.limit * 2);
  const result = await search(db, {
    query: params.text.slice(0, 200),
    kinds: ['document', 'announcement'],
    ticker: params.companyId ?? null,
    limit: width,
  });
  const knowable = (p: Passage) => !params.asOf || p.known_at === null || p.known_at <= new Date(params.asOf).toISOString();
  const wanted = (p: FilingPassage) =>
    (params.documentType === undefined || p.document_type === params.documentType) &&
    (params.fiscalYear === undefined || p.fiscal_year === params.fiscalYear);
  const passages = result.hits.map(toPassage).filter((p): p is FilingPassage => p !== undefined && knowable(p) && wanted(p));
  // An announcement is also a filing with the same id: keep one passage per source, the
  // announcement's, in the order of the search (the best match first, whatever its kind).
  const announced = new Set(passages.filter((p) => p.kind === 'announcement').flatMap((p) => [p.id, p.source_url ?? p.id]));
  const seen = new Set<string>();
  const unique = (p: Passage) => {
    const key = p.source_url ?? p.id;
    if (p.kind === 'document' && (announced.has(key) || announced.has(p.id))) return false;
    if (seen.has(key) || seen.has(p.id)) return false;
    seen.add(key).add(p.id);
    return true;
  };
  return passages.filter(unique).slice(0, params.limit);
}

/** The passages of findFilingPassages in the evidence packet's shape. */
export async function findPassages(db: SqlExecutor, params: FindPassagesParams): Promise<Passage[]> {
  return (await findFilingPassages(db, params)).map(
    ({ fiscal_year: _fiscalYear, terms_matched: _held, terms: _terms, ...passage }) => passage,
  );
}
