import { identityOfCompany } from '#projections/companies';
import { resolveCompany } from '#read/identity';
import type { CompanyIdentity, SearchCandidate } from '#schemas/read-models';
import type { Gap } from '#schemas/query';
import type { SqlExecutor } from '#platform/db';
import { candidatesFor, type ResolveByName } from './reference-candidates.ts';

export interface ResolvedReference {
  readonly company: CompanyIdentity | null;
  readonly candidates: SearchCandidate[];
  readonly gaps: Gap[];
}

/**
 * The company a plan's reference names: an exact identifier resolves at once (a symbol by
 * its holder at the plan's `as_of`); anything
 * else goes through search, and only an exact hit is taken. Near matches become
 * candidates and a gap, never a silent pick.
 */
export async function resolveReference(
  db: SqlExecutor,
  reference: string,
  asOf?: string | null,
  options: ResolveByName = {},
): Promise<ResolvedReference> {
  const exact = await resolveCompany(db, reference, { asOf });
  if (exact) return { company: identityOfCompany(exact), candidates: [], gaps: [] };
  const found = await candidatesFor(db, reference, { ...options, asOf });
  if (found.resolved) return { company: found.resolved, candidates: [], gaps: [] };
  const candidates = found.candidates;
  if (candidates.length > 0) {
    const names = candidates.map((c) => `${c.company.name ?? c.company.id}${c.company.nse_symbol ? ` (NSE:${c.company.nse_symbol})` : ''}`);
    return {
      company: null,
      candidates,
      gaps: [
        {
          kind: 'ambiguous',
          subject: reference,
          message: `'${reference}' does not name one company exactly; it may mean ${names.join(', ')}. Ask again with a ticker, NSE:<SYMBOL>, ISIN or CIN.`,
        },
      ],
    };
  }
  return {
    company: null,
    candidates: [],
    gaps: [{ kind: 'unresolved', subject: reference, message: `No company matches '${reference}'.` }],
  };
}
