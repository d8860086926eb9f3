import { type CompanyIdentity, SEARCH_KINDS, type SearchCandidate, type SearchHit, type SearchKind } from '#schemas/read-models';

const KIND_ORDER = new Map<SearchKind, number>(SEARCH_KINDS.map((kind, index) => [kind, index]));

/** What a hit is about; two hits with one key are the same hit found two ways. */
function keyOf(hit: SearchHit): string {
  switch (hit.kind) {
    case 'company':
      return `company:${hit.company_id}`;
    case 'security':
      return `security:${hit.instrument_id}`;
    case 'concept':
      return `concept:${hit.concept_id}`;
    case 'document':
      return `document:${hit.filing_id}`;
    case 'announcement':
      return `announcement:${hit.disclosure_id}`;
    case 'event':
      return `event:${hit.event_type}`;
  }
}

const isExact = (hit: SearchHit) => hit.match === 'exact';

/** Exact hits first, then by score, then kind (as SEARCH_KINDS lists them), then title. */
export function compareHits(a: SearchHit, b: SearchHit): number {
  return (
    Number(isExact(b)) - Number(isExact(a)) ||
    b.score - a.score ||
    (KIND_ORDER.get(a.kind) ?? 0) - (KIND_ORDER.get(b.kind) ?? 0) ||
    a.title.localeCompare(b.title) ||
    keyOf(a).localeCompare(keyOf(b))
  );
}

/** Scores this close are a tie that prominence breaks. */
export const NEAR_SCORE = 0.05;

/**
 * Company near matches whose scores are within NEAR_SCORE of the best of their run, most
 * prominent first, each keeping its place among the other hits: "Sun Pharma" is nearer by
 * trigrams to Sun Pharma Advanced Research, but Sun Pharmaceutical Industries, in more
 * index lists, is offered first. Exact hits keep their place. Pure.
 */
export function preferProminent(hits: readonly SearchHit[]): SearchHit[] {
  const slots = hits.flatMap((hit, i) => (hit.kind === 'company' && !isExact(hit) ? [i] : []));
  const result = [...hits];
  for (let start = 0; start < slots.length;) {
    const top = result[slots[start] as number] as SearchHit;
    let end = start + 1;
    while (end < slots.length && top.score - (result[slots[end] as number] as SearchHit).score <= NEAR_SCORE) end++;
    const run = slots.slice(start, end).map((i) => result[i] as SearchHit & { kind: 'company' });
    const ordered = [...run].sort((a, b) => (b.prominence ?? 0) - (a.prominence ?? 0));
    slots.slice(start, end).forEach((slot, i) => (result[slot] = ordered[i] as SearchHit));
    start = end;
  }
  return result;
}

/** Each hit once (its best finding), ordered by compareHits, prominence breaking near ties. Pure. */
export function rankHits(hits: readonly SearchHit[]): SearchHit[] {
  const best = new Map<string, SearchHit>();
  for (const hit of hits) {
    const key = keyOf(hit);
    const seen = best.get(key);
    if (!seen || compareHits(hit, seen) < 0) best.set(key, hit);
  }
  return preferProminent([...best.values()].sort(compareHits));
}

/** The company a company or security hit is about, when known. */
function companyOf(hit: SearchHit): CompanyIdentity | null {
  if (hit.kind === 'company') {
    const { company_id: id, name, nse_symbol, bse_code, isin, cin } = hit;
    return { id, name, nse_symbol, bse_code, isin, cin };
  }
  return hit.kind === 'security' ? hit.company : null;
}

/**
 * `resolved`: the company of the exact company and security hits when they name exactly
 * one; otherwise null. `candidates`: every other company among the company and security
 * hits, best first. A near match is only ever a candidate. Pure; `hits` as rankHits orders them.
 */
export function summariseCompanies(hits: readonly SearchHit[]): { resolved: CompanyIdentity | null; candidates: SearchCandidate[] } {
  const exact = new Map<string, CompanyIdentity>();
  for (const hit of hits.filter(isExact)) {
    const company = companyOf(hit);
    if (company) exact.set(company.id, company);
  }
  const resolved = exact.size === 1 ? ([...exact.values()][0] ?? null) : null;
  const candidates = new Map<string, SearchCandidate>();
  for (const hit of hits) {
    const company = companyOf(hit);
    if (!company || company.id === resolved?.id || candidates.has(company.id)) continue;
    const formerName = hit.kind === 'company' ? hit.former_name : undefined;
    candidates.set(company.id, { company, score: hit.score, match: hit.match, ...(formerName ? { former_name: formerName } : {}) });
  }
  return { resolved, candidates: [...candidates.values()] };
}
