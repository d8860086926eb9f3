import { statedCompanyJoin, istDay, resolvedCompanyId } from '#projections/companies/stated-company';
import {
  ANCHORS,
  COMPANIES,
  COMPANY_ALIASES,
  COMPANY_IDENTIFIERS,
  COMPANY_LISTINGS,
  INSTRUMENTS,
  SYMBOL_CHAINS,
} from '#projections/companies/tables';
import { ACTION_DAY, CORPORATE_ACTIONS } from '#projections/corporate-actions/tables';
import { DISCLOSURES } from '#projections/disclosures/tables';
import { FACT_FILINGS, FACTS } from '#projections/facts/tables';
import { FILING_DAY, FILINGS } from '#projections/filings/tables';
import { SNAPSHOTS } from '#projections/shareholding/tables';
import type { SqlExecutor } from '#platform/db/db';

const rowsOf = async (db: SqlExecutor, sql: string) => (await db.query(sql)).rows;

/**
 * The whole security master and the company every dataset's rows belong to (as read, so
 * with stated identifiers resolved), in a stable order: what must not depend on the order
 * files arrived in.
 */
export async function identitySnapshot(db: SqlExecutor) {
  return {
    companies: await rowsOf(db, `select * from ${COMPANIES} order by company_id`),
    identifiers: await rowsOf(db, `select * from ${COMPANY_IDENTIFIERS} order by scheme, value, company_id`),
    listings: await rowsOf(db, `select * from ${COMPANY_LISTINGS} order by company_id, exchange, valid_from`),
    aliases: await rowsOf(db, `select * from ${COMPANY_ALIASES} order by alias_id`),
    anchors: await rowsOf(db, `select * from ${ANCHORS} order by anchor`),
    chains: await rowsOf(db, `select exchange, symbol, first_day, last_day from ${SYMBOL_CHAINS} order by exchange, symbol, first_day`),
    instruments: await rowsOf(db, `select instrument_id, company_id, ticker, isin, status from ${INSTRUMENTS} order by instrument_id`),
    facts: await rowsOf(db, `select filing_id, company_id, count(*)::int as facts from ${FACTS} group by 1, 2 order by 1, 2`),
    factFilings: await rowsOf(db, `select filing_id, company_id, known_at from ${FACT_FILINGS} order by filing_id`),
    filings: await rowsOf(
      db,
      `select f.filing_id, ${resolvedCompanyId('f', 'r')} as company_id from ${FILINGS} f ${statedCompanyJoin('f', 'r', FILING_DAY)} order by 1`,
    ),
    shareholding: await rowsOf(
      db,
      `select s.filing_id, ${resolvedCompanyId('s', 'r')} as company_id from ${SNAPSHOTS} s ${statedCompanyJoin('s', 'r', 's.period_end')} order by 1`,
    ),
    corporateActions: await rowsOf(
      db,
      `select a.action_id, ${resolvedCompanyId('a', 'r')} as company_id from ${CORPORATE_ACTIONS} a
       ${statedCompanyJoin('a', 'r', ACTION_DAY)} order by 1`,
    ),
    disclosures: await rowsOf(
      db,
      `select d.disclosure_id, ${resolvedCompanyId('d', 'r')} as company_id from ${DISCLOSURES} d ${statedCompanyJoin('d', 'r', istDay('d.published_at'))} order by 1`,
    ),
  };
}
