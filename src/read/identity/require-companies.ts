import type { Company } from '#schemas/read-models';
import { NotFoundError } from '#platform/errors';
import type { CompanyResolver } from './company-resolver.ts';
import type { ResolveOptions } from './resolve-company.ts';

/** The companies a list of references names, or every reference that names none. */
export type CompaniesOfReferences =
  { readonly ok: true; readonly companies: readonly Company[] } | { readonly ok: false; readonly unknown: readonly string[] };

/** References resolved at once: a few statements in flight, not hundreds. */
const CONCURRENCY = 8;

/**
 * Resolves each reference as `resolver.require` does. The companies come back in the order of
 * their first reference, each once (two references may name one company); a reference that
 * names none is collected rather than thrown, so that all of them can be reported together.
 */
export async function requireCompanies(
  resolver: CompanyResolver,
  references: readonly string[],
  options: ResolveOptions = {},
): Promise<CompaniesOfReferences> {
  const found: (Company | undefined)[] = new Array<Company | undefined>(references.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < references.length; index = next++) {
      found[index] = await resolver.require(references[index] ?? '', options).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, references.length) }, worker));
  const unknown = references.filter((_, index) => found[index] === undefined);
  if (unknown.length > 0) return { ok: false, unknown };
  const companies = new Map<string, Company>();
  for (const company of found) if (company && !companies.has(company.id)) companies.set(company.id, company);
  return { ok: true, companies: [...companies.values()] };
}
