import { identityOfCompany } from '#projections/companies';
import type { Company, CompanyIdentity } from '#schemas/read-models';
import { NotFoundError, UnresolvedCompanyError } from '#platform/errors';
import { resolveReference } from '#read/search';
import type { McpDeps } from './mcp-deps.ts';

/**
 * The one company a tool's reference names exactly (a symbol by its holder at `asOf`). Anything else is an error naming the
 * companies it may mean, found by search, and telling the model to confirm with search:
 * a near match is never taken in its place.
 */
export async function requireCompany(deps: McpDeps, reference: string, asOf?: string): Promise<Company> {
  try {
    return await deps.companies.require(reference, { asOf });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  const found = await resolveReference(deps.db, reference);
  if (found.company) return deps.companies.require(found.company.id);
  throw new UnresolvedCompanyError(
    reference,
    found.candidates.map((candidate) => candidate.company),
  );
}

/** The identity of the company a tool's optional reference names exactly (as requireCompany), or null when it names none. */
export async function optionalCompany(deps: McpDeps, reference: string | undefined): Promise<CompanyIdentity | null> {
  return reference === undefined ? null : identityOfCompany(await requireCompany(deps, reference));
}
