import { chainsWith, getCompany, holdingsOf } from '#projections/companies';
import type { Company } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { companyIdOfIsin, istDateOf, parseCompanyReference, readIsin, holderOn } from '#domain/identity';

export interface ResolveOptions {
  /** Resolve with the identifiers valid at this instant (a symbol since reused names its holder then); now when absent. */
  readonly asOf?: string | null | undefined;
}

/** The day an instant falls on in India, or null for now. */
export const dayOfInstant = (asOf: string | null | undefined): string | null => (asOf ? istDateOf(asOf) : null);

/**
 * The company a reference names exactly, or undefined: a ticker (six digits are a BSE code,
 * anything else an NSE symbol), `NSE:<SYMBOL>`, `BSE:<CODE>`, any ISIN the company has had
 * (or any other ISIN of its issuer), a CIN, or a UUID (the company's id or an id that
 * names it). A symbol resolves to the company that held it on the `asOf` day, so an old
 * symbol still finds its company and a reused one finds the right one. This is the one
 * resolver: HTTP, MCP, search, the research query and ingestion all resolve through it
 * (ingestion through the same rule over rows held in memory, company-lookup.ts).
 */
export async function resolveCompany(db: SqlExecutor, reference: string, options: ResolveOptions = {}): Promise<Company | undefined> {
  const parsed = parseCompanyReference(reference);
  if (parsed.scheme === 'uuid') return getCompany(db, parsed.value);
  const holding = holderOn(await holdingsOf(db, parsed.scheme, parsed.value), dayOfInstant(options.asOf));
  if (holding) return getCompany(db, holding.companyId);
  const renamed =
    parsed.scheme === 'nse' || parsed.scheme === 'bse' ? await holderThroughChain(db, parsed.scheme, parsed.value) : undefined;
  if (renamed) return getCompany(db, renamed);
  // An ISIN no source has stated yet (a new serial after a split) still names its issuer.
  const byIssuer = parsed.scheme === 'isin' && readIsin(parsed.value) ? companyIdOfIsin(parsed.value) : null;
  return byIssuer ? getCompany(db, byIssuer) : undefined;
}

/**
 * A symbol no list shows, that a security-wise price history shows as an earlier symbol of
 * the security (UTIBANK, AXISBANK's until July 2007): the company holding the history's
 * latest symbol on its last day. Of several histories, the one that runs latest.
 */
async function holderThroughChain(db: SqlExecutor, scheme: 'nse' | 'bse', symbol: string): Promise<string | undefined> {
  const members = await chainsWith(db, scheme.toUpperCase(), [symbol]);
  const latest = members
    .filter((m) => m.symbol !== symbol)
    .sort((a, b) => (a.lastDay < b.lastDay ? 1 : a.lastDay > b.lastDay ? -1 : a.symbol < b.symbol ? -1 : 1));
  for (const member of latest) {
    const holding = holderOn(await holdingsOf(db, scheme, member.symbol), member.lastDay);
    if (holding) return holding.companyId;
  }
  return undefined;
}
