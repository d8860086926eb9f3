import type { CompanyIdentity, SearchCandidate } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { search } from './search.ts';
import { readShortName } from '#read/identity';

const MOST = 5;

export interface ResolveByName {
  /**
   * Resolve a reference written as one company's registered name ("Infosys"): the research
   * query does, for questions in prose; the tools' company parameters do not, and name search.
   */
  readonly byName?: boolean;
  /** Resolve symbols as held at this instant (a short name's symbol too). */
  readonly asOf?: string | null | undefined;
}

// "Limited", "Ltd.", "Ltd" and a full stop at the end of a name are not part of what names it.
export const bareName = (name: string): string =>
  name
    .replace(/[\s,]+(?:limited|ltd\.?)$/i, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The one candidate whose name is the reference as written, legal suffix aside ("Infosys" is
 * Infosys Limited), else less a closing "India" ("Maruti Suzuki"): case counts, so "infosys"
 * typed in lower case stays a candidate.
 */
function namedExactly(reference: string, candidates: readonly SearchCandidate[]): CompanyIdentity | undefined {
  const wanted = bareName(reference);
  const named = candidates.filter((c) => c.company.name !== null && bareName(c.company.name) === wanted);
  if (named.length > 0) return named.length === 1 ? named[0]?.company : undefined;
  // "Maruti Suzuki" for Maruti Suzuki India Limited: the name as written, less a closing "India".
  const indian = candidates.filter((c) => c.company.name !== null && bareName(c.company.name).replace(/\s+\(?India\)?$/, '') === wanted);
  return indian.length === 1 ? indian[0]?.company : undefined;
}

/**
 * Search for a reference that is no exact identifier: the company when search resolves it
 * exactly or (with `byName`) when exactly one company bears the name as written or the short
 * name stands for exactly one (short-names.ts: the table of common ones, the NSE symbol as
 * words, a company's initials), else up to five candidates, best first: the companies a short
 * name may stand for lead.
 */
export async function candidatesFor(
  db: SqlExecutor,
  reference: string,
  options: ResolveByName = {},
): Promise<{ resolved: CompanyIdentity | null; candidates: SearchCandidate[] }> {
  const found = await search(db, { query: reference, kinds: ['company', 'security'], limit: 10 });
  if (found.resolved) return { resolved: found.resolved, candidates: [] };
  const named = options.byName ? namedExactly(reference, found.candidates) : undefined;
  if (named) return { resolved: named, candidates: [] };
  const short = await readShortName(db, reference, options.asOf);
  if (short.company && options.byName) return { resolved: short.company, candidates: [] };
  const shortNamed = (short.company ? [short.company] : short.candidates).map((company): SearchCandidate => ({
    company,
    score: 1,
    match: 'similar',
  }));
  // Initials many names share ("HCL") say little: the names search found come first then.
  const ordered = shortNamed.length <= MOST ? [...shortNamed, ...found.candidates] : [...found.candidates, ...shortNamed];
  const seen = new Set<string>();
  const ranked = ordered.filter((c) => !seen.has(c.company.id) && Boolean(seen.add(c.company.id)));
  return { resolved: null, candidates: ranked.slice(0, MOST) };
}
