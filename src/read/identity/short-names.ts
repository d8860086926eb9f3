import { identityOfCompany, companiesNamedFrom } from '#projections/companies';
import type { CompanyIdentity } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { symbolOfShortName } from './company-abbreviations.ts';
import { resolveCompany } from './resolve-company.ts';

/** What a short name stands for: one company, or the several it may mean. */
export interface ShortNameRead {
  readonly company: CompanyIdentity | null;
  readonly candidates: CompanyIdentity[];
}

const NONE: ShortNameRead = { company: null, candidates: [] };
// Words a name's initials leave out: "State Bank of India" is SBI.
const SKIPPED = new Set(['of', 'the', 'and', '&']);
const LEGAL = /[\s,]+(?:limited|ltd\.?)$/i;

/** The letters of an acronym written in capitals: "RIL", "L&T", "H.U.L."; undefined for anything else. */
function acronymOf(reference: string): string | undefined {
  const written = reference.trim();
  if (!/^[A-Z][A-Z&.\s]*$/.test(written)) return undefined;
  const letters = written.replace(/[^A-Z]/g, '');
  return letters.length >= 2 && letters.length <= 6 ? letters : undefined;
}

/** The initials of a registered name, with and without its legal suffix: "Hindustan Unilever Limited" is HUL and HU. */
export function initialsOf(name: string): string[] {
  const bare = name.replace(LEGAL, '').trim();
  const words = bare
    .split(/[\s-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}&]/gu, ''))
    .filter((word) => word !== '' && !SKIPPED.has(word.toLowerCase()));
  const initials = words.map((word) => word.charAt(0).toUpperCase()).join('');
  return LEGAL.test(name.trim()) ? [initials, `${initials}L`] : [initials];
}

const bySymbol = async (db: SqlExecutor, symbol: string, asOf: string | null | undefined): Promise<CompanyIdentity | null> => {
  const company = await resolveCompany(db, `NSE:${symbol}`, { asOf });
  return company ? identityOfCompany(company) : null;
};

/**
 * A short name as the company master and the table of common ones read it: a short name of
 * the table (company-abbreviations.ts), the NSE symbol written as words ("HCL Tech" is
 * HCLTECH, "Bajaj Auto" BAJAJ-AUTO), or an acronym in capitals that is the initials of exactly
 * one company's registered name. Initials several names share give those companies as
 * candidates: a near match is never chosen.
 */
export async function readShortName(db: SqlExecutor, reference: string, asOf?: string | null): Promise<ShortNameRead> {
  const listed = symbolOfShortName(reference);
  const fromTable = listed ? await bySymbol(db, listed, asOf) : null;
  if (fromTable) return { company: fromTable, candidates: [] };
  const words = reference.trim().split(/\s+/);
  if (words.length >= 2 && words.length <= 4) {
    for (const joiner of ['', '-']) {
      const symbol = words.join(joiner).toUpperCase();
      if (!/^[A-Z0-9&-]{2,20}$/.test(symbol)) continue;
      const company = await bySymbol(db, symbol, asOf);
      if (company) return { company, candidates: [] };
    }
  }
  const acronym = acronymOf(reference);
  if (!acronym) return NONE;
  const named = (await companiesNamedFrom(db, acronym)).filter((c) => c.name !== null && initialsOf(c.name).includes(acronym));
  if (named.length === 1 && named[0]) return { company: named[0], candidates: [] };
  // Listed companies first: a symbol on NSE is what most questions mean.
  return { company: null, candidates: [...named].sort((a, b) => Number(b.nse_symbol !== null) - Number(a.nse_symbol !== null)) };
}
