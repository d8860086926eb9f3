import type { SqlExecutor } from '../../src/db/db.ts';

export const COMPANIES = 'rm_companies_v2';
export const INSTRUMENTS = 'rm_instruments_v2';
export const COMPANY_IDENTIFIERS = 'rm_company_identifiers_v2';

export async function createCompanyTables(tx: SqlExecutor): Promise<void> {
  await tx.query(`
    create table if not exists ${COMPANIES} (
      company_id      uuid not null,
      name            text not null,
      cin             text,
      isin            text,
      nse_symbol      text,
      bse_code        text,
      sector          text,
      industry        text,
      listing_status  text not null,
      listing_date    date,
      known_at        timestamptz(3) not null,
      updated_at      timestamptz(3) not null,
      constraint ${COMPANIES}_pk primary key (company_id)
    );
    create index if not exists ${COMPANIES}_sector_ix on ${COMPANIES} (sector);

    create table if not exists ${INSTRUMENTS} (
      instrument_id   uuid not null,
      company_id      uuid not null,
      exchange        text not null,
      segment         text not null,
      type            text not null,
      ticker          text not null,
      isin            text,
      name            text not null,
      series          text,
      face_value      numeric,
      listing_date    date,
      status          text not null,
      status_date     date,
      status_reason   text,
      known_at        timestamptz(3) not null,
      constraint ${INSTRUMENTS}_pk primary key (instrument_id)
    );
    create index if not exists ${INSTRUMENTS}_company_ix on ${INSTRUMENTS} (company_id);
    create index if not exists ${INSTRUMENTS}_ticker_ix on ${INSTRUMENTS} (exchange, ticker);
    create index if not exists ${INSTRUMENTS}_isin_ix on ${INSTRUMENTS} (isin);

    -- Search (src/search): trigram indexes on the names as search normalises them
    -- (search_normalise_name, migration 0005), prefix indexes on symbols and tickers. Each
    -- matches a search expression exactly, or the planner would ignore it.
    create index if not exists ${COMPANIES}_search_name_trgm_ix on ${COMPANIES} using gin (search_normalise_name(name) gin_trgm_ops);
    create index if not exists ${COMPANIES}_search_symbol_ix on ${COMPANIES} (nse_symbol text_pattern_ops);
    create index if not exists ${INSTRUMENTS}_search_name_trgm_ix on ${INSTRUMENTS} using gin (search_normalise_name(name) gin_trgm_ops);
    create index if not exists ${INSTRUMENTS}_search_ticker_ix on ${INSTRUMENTS} (ticker text_pattern_ops);

    -- Exact identifier resolution: NSE symbol, BSE code, ISIN and CIN to a company.
    -- An identifier later claimed by another company points at the later claimant.
    create table if not exists ${COMPANY_IDENTIFIERS} (
      scheme      text not null,
      value       text not null,
      company_id  uuid not null,
      known_at    timestamptz(3) not null,
      constraint ${COMPANY_IDENTIFIERS}_pk primary key (scheme, value)
    );
    create index if not exists ${COMPANY_IDENTIFIERS}_company_ix on ${COMPANY_IDENTIFIERS} (company_id);
  `);
}
