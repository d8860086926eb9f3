import { parseCompanyReference } from '../../projections/companies/company-reference.ts';
import { resolveCompany } from '../../projections/companies/queries.ts';
import { listInstrumentPage } from '../../projections/companies/list-companies.ts';
import type { Exchange } from '../../schemas/common/primitives.ts';
import type { CompanyIdentity } from '../../schemas/read-models/company.ts';
import type { SqlExecutor } from '../db/db.ts';
import { identityOfCompany } from '../../projections/companies/company-identity.ts';

export interface SecurityReference {
  readonly exchange: Exchange;
  /** The tickers the security trades under on the exchange. */
  readonly tickers: string[];
  readonly isin: string | null;
  /** The company, when the reference names one. */
  readonly company: CompanyIdentity | null;
}

/**
 * What a prices `ticker` names on an exchange: a company reference (`NSE:`/`BSE:` form, ISIN,
 * CIN, UUID, or a ticker of a known company) gives that company's tickers there and its ISIN;
 * anything else is taken as the exchange's own ticker, exactly (an index, or a security with
 * no company in the master). `NSE:`/`BSE:` overrides `exchange`.
 */
export async function resolveSecurity(db: SqlExecutor, ticker: string, exchange: Exchange): Promise<SecurityReference> {
  const reference = parseCompanyReference(ticker);
  const onExchange: Exchange = /^BSE:/i.test(ticker.trim()) ? 'BSE' : /^NSE:/i.test(ticker.trim()) ? 'NSE' : exchange;
  const company = await resolveCompany(db, ticker);
  if (!company) {
    const literal = reference.scheme === 'nse' || reference.scheme === 'bse' ? reference.value : ticker.trim().toUpperCase();
    return { exchange: onExchange, tickers: [literal], isin: reference.scheme === 'isin' ? reference.value : null, company: null };
  }
  const instruments = await listInstrumentPage(db, { companyId: company.id, exchange: onExchange, limit: 50, offset: 0 });
  const own = onExchange === 'NSE' ? company.nse_symbol : company.bse_code;
  const tickers = [...new Set([...(own ? [own] : []), ...instruments.items.map((i) => i.ticker)])];
  return { exchange: onExchange, tickers, isin: company.isin, company: identityOfCompany(company) };
}
