import { resolveCompany } from '#read/identity';
import { type CompanyIdentity, SEARCH_KINDS, type SearchHit, type SearchKind, type SearchResult } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { findAnnouncementHits } from './find-announcement-hits.ts';
import { findConceptHits } from './find-concept-hits.ts';
import { findDocumentHits } from './find-document-hits.ts';
import { findEntityHits } from './find-entity-hits.ts';
import { findEventTypeHits } from './find-event-type-hits.ts';
import { rankHits, summariseCompanies } from './rank-hits.ts';

export interface SearchParams {
  /** A name, ticker, identifier or phrase; it only ever reaches SQL as a parameter. */
  readonly query: string;
  /** Only these kinds of hit; every kind when absent, null or empty. */
  readonly kinds?: readonly SearchKind[] | null | undefined;
  /** Restricts securities, documents, announcements and events to this company (resolved exactly). */
  readonly ticker?: string | null | undefined;
  /** Most hits returned, 1..100. */
  readonly limit: number;
}

/** Kinds that belong to one company, and so are restricted by `ticker`. */
const COMPANY_SCOPED: readonly SearchKind[] = ['security', 'document', 'announcement', 'event'];

interface TickerScope {
  readonly company: CompanyIdentity | null;
  /** False when a ticker was given and resolves to no company: scoped kinds find nothing. */
  readonly usable: boolean;
}

async function resolveTickerScope(db: SqlExecutor, ticker: string | null | undefined): Promise<TickerScope> {
  const reference = ticker?.trim();
  if (!reference) return { company: null, usable: true };
  const company = await resolveCompany(db, reference);
  if (!company) return { company: null, usable: false };
  const { id, name, nse_symbol, bse_code, isin, cin } = company;
  return { company: { id, name, nse_symbol, bse_code, isin, cin }, usable: true };
}

function hitsOf(db: SqlExecutor, query: string, kinds: ReadonlySet<SearchKind>, scope: TickerScope, limit: number): Promise<SearchHit[]>[] {
  const companyId = scope.company?.id ?? null;
  const scoped = (kind: SearchKind) => kinds.has(kind) && scope.usable;
  const searches: Promise<SearchHit[]>[] = [];
  if (kinds.has('company') || scoped('security')) {
    searches.push(findEntityHits(db, { query, companies: kinds.has('company'), securities: scoped('security'), companyId, limit }));
  }
  if (kinds.has('concept')) searches.push(Promise.resolve(findConceptHits(query)));
  if (scoped('document')) searches.push(findDocumentHits(db, query, companyId, limit));
  if (scoped('announcement')) searches.push(findAnnouncementHits(db, query, companyId, limit));
  if (scoped('event')) searches.push(findEventTypeHits(db, query, companyId, limit));
  return searches;
}

/** The most hits one search ranks: the HTTP route asks for at most 100, the MCP tool pages up to 500 deep. */
export const MAX_SEARCH_HITS = 501;

/**
 * Resolves a name, ticker, identifier or phrase to companies, securities, concepts,
 * documents, announcements and event types. Exact identifier hits come first (score 1,
 * `match: 'exact'`), then the rest by score; `limit` applies to all hits together.
 * `resolved` is set only by an exact identifier hit; near matches are `candidates`.
 * A `ticker` that resolves to no company is not an error: the company-scoped kinds find
 * nothing, `ticker_company` is null and a note says why (the HTTP layer answers 200).
 */
export async function search(db: SqlExecutor, params: SearchParams): Promise<SearchResult> {
  const query = params.query.trim();
  const limit = Math.min(MAX_SEARCH_HITS, Math.max(1, Math.trunc(params.limit)));
  const wanted = new Set(params.kinds?.length ? params.kinds : SEARCH_KINDS);
  const kinds = SEARCH_KINDS.filter((kind) => wanted.has(kind));
  const scope = await resolveTickerScope(db, params.ticker);
  const notes: string[] = [];
  if (!scope.usable && kinds.some((kind) => COMPANY_SCOPED.includes(kind))) {
    const skipped = kinds.filter((kind) => COMPANY_SCOPED.includes(kind)).join(', ');
    notes.push(
      `ticker "${params.ticker?.trim()}" resolves to no company, so no ${skipped} hits were searched; search for the company by name first`,
    );
  }
  const found = query === '' ? [] : (await Promise.all(hitsOf(db, query, new Set(kinds), scope, limit))).flat();
  const ranked = rankHits(found);
  const { resolved, candidates } = summariseCompanies(ranked);
  return {
    query,
    kinds,
    resolved,
    candidates: candidates.slice(0, limit),
    ticker_company: scope.company,
    hits: ranked.slice(0, limit),
    notes,
  };
}
