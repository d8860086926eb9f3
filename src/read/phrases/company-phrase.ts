import type { CompanyIdentity } from '#schemas/read-models';
import { codeOf, nameOf } from './text-forms.ts';

/** A company identity, or the partial one a passage carries. */
export type CompanyLike = { readonly [K in keyof CompanyIdentity]?: CompanyIdentity[K] | null | undefined };

/** "ACC Limited (NSE: ACC; BSE: 500410)"; a company without a usable name is named by its id. */
export function companyPhrase(company: CompanyLike): string {
  const name = nameOf(company.name) ?? codeOf('company ', company.id) ?? 'a company';
  const codes = [codeOf('NSE: ', company.nse_symbol), codeOf('BSE: ', company.bse_code)].filter((c) => c !== undefined);
  return codes.length > 0 ? `${name} (${codes.join('; ')})` : name;
}
