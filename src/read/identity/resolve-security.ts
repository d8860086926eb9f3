import { listInstrumentPage, historiesOf, identityOfCompany } from '#projections/companies';
import type { Exchange } from '#schemas/common';
import type { CompanyIdentity } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { parseCompanyReference } from '#domain/identity';
import { resolveCompany } from './resolve-company.ts';

export interface SecurityReference {
  readonly exchange: Exchange;
  /** The tickers the security trades or traded under on the exchange. */
  readonly tickers: string[];
  readonly isin: string | null;
  /** The company, when the reference names one. */
  readonly company: CompanyIdentity | null;
}

/**
 * Every ticker a company has had on an exchange: its NSE symbols (or BSE codes) over time
 * from the security master, the earlier symbols price histories show (UTIBANK for Axis
 * Bank), and its instruments' tickers.
 */
async function tickersOfCompany(db: SqlExecutor, companyId: string, exchange: Exchange): Promise<string[]> {
  const scheme = exchange === 'NSE' ? 'nse' : 'bse';
  const history = (await historiesOf(db, [companyId])).get(companyId)?.identifiers ?? [];
  const held = history.filter((i) => i.scheme === scheme).map((i) => i.value);
  const instruments = await listInstrumentPage(db, { companyId, exchange, limit: 50, offset: 0 });
  return [...new Set([...held, ...instruments.items.map((i) => i.ticker)])];
}

/**
 * What a prices `ticker` names on an exchange: a company reference (`NSE:`/`BSE:` form, ISIN,
 * CIN, UUID, or a ticker a company has had, resolved by the one resolver) gives that
 * company's tickers there and its ISIN; anything else is taken as the exchange's own
 * ticker, exactly (an index, or a security with no company in the master). `NSE:`/`BSE:`
 * overrides `exchange`. A symbol another company held at other times is read whole: the
 * security master's spans are not applied to candles yet.
 */
export async function resolveSecurity(db: SqlExecutor, ticker: string, exchange: Exchange): Promise<SecurityReference> {
  const reference = parseCompanyReference(ticker);
  const onExchange: Exchange = /^BSE:/i.test(ticker.trim()) ? 'BSE' : /^NSE:/i.test(ticker.trim()) ? 'NSE' : exchange;
  const company = await resolveCompany(db, ticker);
  if (!company) {
    const literal = reference.scheme === 'nse' || reference.scheme === 'bse' ? reference.value : ticker.trim().toUpperCase();
    return { exchange: onExchange, tickers: [literal], isin: reference.scheme === 'isin' ? reference.value : null, company: null };
  }
  const own = onExchange === 'NSE' ? company.nse_symbol : company.bse_code;
  const tickers = [...new Set([...(own ? [own] : []), ...(await tickersOfCompany(db, company.id, onExchange))])];
  return { exchange: onExchange, tickers, isin: company.isin, company: identityOfCompany(company) };
}
