import { resolveCompany } from '#read/identity';
import { type InstrumentColumns, COMPANIES, INSTRUMENTS } from '#projections/companies';
import type { Company, CompanySearchHit, SecuritySearchHit } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { COMPANY_COLUMNS, type CompanyColumns, companyFromColumns } from './company-columns.ts';
import type { SearchIdentifier } from './parse-search-identifier.ts';

export function companyHit(company: Company, score: number, match: CompanySearchHit['match']): CompanySearchHit {
  return {
    kind: 'company',
    score,
    match,
    title: company.name,
    company_id: company.id,
    name: company.name,
    nse_symbol: company.nse_symbol,
    bse_code: company.bse_code,
    isin: company.isin,
    cin: company.cin,
    sector: company.sector,
    listing_status: company.listing_status,
  };
}

/** The company an identifier resolves to exactly (ticker, NSE:/BSE:, ISIN, CIN, UUID). */
export async function findExactCompany(db: SqlExecutor, identifier: SearchIdentifier): Promise<CompanySearchHit[]> {
  // Spelled out again so that resolveCompany reads it the same way: "BSE:500325", an ISIN, ...
  const { scheme, value } = identifier;
  const company = await resolveCompany(db, scheme === 'nse' || scheme === 'bse' ? `${scheme.toUpperCase()}:${value}` : value);
  return company ? [companyHit(company, 1, 'exact')] : [];
}

export interface InstrumentRow extends CompanyColumns, InstrumentColumns {}

/** The columns of an instrument hit, with its company joined as `c`. */
export const INSTRUMENT_COLUMNS = `i.instrument_id::text as instrument_id, i.company_id::text as company_id, i.exchange,
  i.segment, i.type, i.ticker, i.isin, i.name, i.series, i.status, ${COMPANY_COLUMNS}`;

export function securityHit(row: InstrumentRow, score: number, match: SecuritySearchHit['match']): SecuritySearchHit {
  return {
    kind: 'security',
    score,
    match,
    title: row.name,
    instrument_id: row.instrument_id,
    company_id: row.company_id,
    company: companyFromColumns(row),
    exchange: row.exchange,
    ticker: row.ticker,
    isin: row.isin,
    series: row.series,
    type: row.type,
    segment: row.segment,
    status: row.status,
  };
}

// Which instrument column an identifier names; a CIN names a company, never a security.
const INSTRUMENT_MATCH = {
  nse: 'i.ticker = $1',
  bse: 'i.ticker = $1',
  isin: 'i.isin = $1',
  uuid: 'i.instrument_id = $1::uuid',
} as const;

/**
 * Securities an identifier names exactly: a ticker on any exchange (or on the one named by
 * `NSE:`/`BSE:`), an ISIN, or an instrument UUID; only `companyId`'s when given.
 */
export async function findExactSecurities(
  db: SqlExecutor,
  identifier: SearchIdentifier,
  companyId: string | null,
  limit: number,
): Promise<SecuritySearchHit[]> {
  if (identifier.scheme === 'cin') return [];
  const exchange = identifier.prefixed ? identifier.scheme.toUpperCase() : null;
  const { rows } = await db.query<InstrumentRow>(
    `select ${INSTRUMENT_COLUMNS}
     from ${INSTRUMENTS} i left join ${COMPANIES} c on c.company_id = i.company_id
     where ${INSTRUMENT_MATCH[identifier.scheme]}
       and ($2::text is null or i.exchange = $2)
       and ($3::uuid is null or i.company_id = $3)
     order by i.exchange, i.ticker, i.instrument_id
     limit $4`,
    [identifier.value, exchange, companyId, limit],
  );
  return rows.map((row) => securityHit(row, 1, 'exact'));
}
