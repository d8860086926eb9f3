import { type SqlExecutor, toPgArray } from '#platform/db';

export const CLAIMS = 'rm_identity_claims_v4';
export const PARSES = 'rm_identity_parses_v4';
export const RECEIPTS = 'rm_identity_receipts_v4';
export const ANCHORS = 'rm_identity_anchors_v4';
export const COMPANIES = 'rm_companies_v4';
export const COMPANY_IDENTIFIERS = 'rm_company_identifiers_v4';
export const COMPANY_LISTINGS = 'rm_company_listings_v4';
export const COMPANY_ALIASES = 'rm_company_aliases_v4';
export const INSTRUMENTS = 'rm_instruments_v4';
export const SYMBOL_CHAINS = 'rm_symbol_chains_v4';
export const LIST_DATES = 'rm_identity_list_dates_v4';
export const INSTRUMENT_LISTINGS = 'rm_instrument_listings_v4';
export const PENDING = 'rm_identity_pending_v4';

/**
 * A reference list's statement that dating reads (list-dates.ts), of claims `prefix`: a
 * registration's listing date or equity ISIN. One text for the query and its index, or the
 * planner could not match them.
 */
export const datingStatement = (prefix: string): string =>
  `${prefix}event_type = 'CompanyRegistered' and (${prefix}scheme like 'listed:%' or (${prefix}scheme = 'isin' and ${prefix}value like 'INE____01%'))`;

/**
 * The security master. `CLAIMS` holds every identity statement as it was made (append
 * only, but for a list row's listing that restates its registration: write-claims.ts), the
 * same rows whatever batches the events came in; `PARSES` the parses of each source
 * document, so that a re-parse's statements replace the earlier parse's; `ANCHORS` which
 * company each anchor (an ISIN's issuer code, or a BSE code no source has tied to an ISIN)
 * is. Everything else is derived from those three for the companies a batch touches
 * (src/domain/identity/derive-company.ts), and so depends only on what the sources said and
 * when, never on the order they arrived in.
 */
export async function createCompanyTables(tx: SqlExecutor): Promise<void> {
  // One round trip, in this order: the search indexes read the tables made before them.
  await tx.query([statementTablesSql(), companyTablesSql(), instrumentTablesSql(), searchIndexesSql()].join('\n'));
}

/** What the sources stated and when, the days their lists show, and what a batch left to derive. */
function statementTablesSql(): string {
  return `
    create table if not exists ${CLAIMS} (
      statement    uuid not null,
      scheme       text collate "C" not null,
      value        text not null,
      anchor       text collate "C" not null,
      known_at     timestamptz(3) not null,
      event_type   text not null,
      source       text not null,
      document     text,
      parse        uuid,
      source_file  text,
      source_url   text,
      constraint ${CLAIMS}_pk primary key (statement, scheme, value)
    );
    create index if not exists ${CLAIMS}_anchor_ix on ${CLAIMS} (anchor);
    -- A document's statements, and the latest of one of its parses (current-claims.ts): a
    -- probe per document and slice, where a master list has thousands. It replaced an index
    -- on the document alone, which every statement it served now reads through this one.
    create index if not exists ${CLAIMS}_document_parse_ix on ${CLAIMS} (document, parse, known_at);
    drop index if exists ${CLAIMS}_document_ix;
    -- What dates reference lists (list-dates.ts): their registrations' listing dates and
    -- equity ISINs, a fraction of their statements.
    create index if not exists ${CLAIMS}_list_dating_ix on ${CLAIMS} (document, parse) where ${datingStatement('')};
    -- Who else shows a company on an exchange when a list of the whole exchange arrives (pending-work.ts).
    create index if not exists ${CLAIMS}_scheme_ix on ${CLAIMS} (scheme, anchor);
    -- Which issuer a BSE code belongs to (anchor-map.ts).
    create index if not exists ${CLAIMS}_bse_ix on ${CLAIMS} (value) where scheme = 'bse';

    create table if not exists ${PARSES} (
      parse           uuid not null,
      document        text not null,
      format          text not null,
      parser_version  integer not null,
      parsed          boolean not null,
      correlated      boolean not null,
      position        bigint not null,
      known_at        timestamptz(3) not null,
      file            text,
      constraint ${PARSES}_pk primary key (parse)
    );
    create index if not exists ${PARSES}_document_ix on ${PARSES} (document, parser_version desc, position desc);

    -- When each document was received: a statement known exactly then was given no date
    -- (an undated list ingested without --known-at), so it links but dates nothing.
    create table if not exists ${RECEIPTS} (
      document     text not null,
      received_at  timestamptz(3) not null,
      constraint ${RECEIPTS}_pk primary key (document)
    );

    -- The day each reference list shows, given or inferred from its content, and its order
    -- among lists of that day (src/domain/identity/list-dates.ts): what orders lists that
    -- state no date, instead of their arrival.
    create table if not exists ${LIST_DATES} (
      document     text not null,
      observed_on  date,
      inferred     boolean not null,
      rank         integer not null,
      basis        text not null,
      constraint ${LIST_DATES}_pk primary key (document)
    );

    -- What a batch left to derive, done a slice per transaction (pending-work.ts): anchors
    -- whose companies are derived again, then instruments made again. Empty between batches.
    create table if not exists ${PENDING} (
      kind  text collate "C" not null,
      key   text collate "C" not null,
      constraint ${PENDING}_pk primary key (kind, key)
    );
  `;
}

/** Which company each anchor is, and each company with its identifiers, listings and former ids. */
function companyTablesSql(): string {
  return `
    create table if not exists ${ANCHORS} (
      anchor      text collate "C" not null,
      company_id  uuid not null,
      constraint ${ANCHORS}_pk primary key (anchor)
    );
    create index if not exists ${ANCHORS}_company_ix on ${ANCHORS} (company_id);

    create table if not exists ${COMPANIES} (
      company_id      uuid not null,
      name            text not null,
      name_source     text,
      cin             text,
      isin            text,
      nse_symbol      text,
      bse_code        text,
      sector          text,
      industry        text,
      listing_status  text not null,
      listing_date    date,
      index_lists     integer not null default 0,
      has_filings     boolean not null default false,
      known_at        timestamptz(3) not null,
      updated_at      timestamptz(3) not null,
      constraint ${COMPANIES}_pk primary key (company_id)
    );
    create index if not exists ${COMPANIES}_sector_ix on ${COMPANIES} (sector);

    -- Every identifier (and name) a company has had, with the days sources showed it, and
    -- the span of days it resolves to this company (resolve_to exclusive; null is open):
    -- one company per identifier and day, so a symbol reused by another company resolves
    -- by the request's date.
    create table if not exists ${COMPANY_IDENTIFIERS} (
      scheme        text collate "C" not null,
      value         text not null,
      company_id    uuid not null,
      first_seen    date,
      first_stated  date,
      last_seen     date,
      known_at      timestamptz(3) not null,
      is_current    boolean not null,
      linked_by     text not null,
      sources       jsonb not null,
      source_count  integer not null,
      resolve_from  date,
      resolve_to    date,
      constraint ${COMPANY_IDENTIFIERS}_pk primary key (scheme, value, company_id)
    );
    create index if not exists ${COMPANY_IDENTIFIERS}_company_ix on ${COMPANY_IDENTIFIERS} (company_id);

    create table if not exists ${COMPANY_LISTINGS} (
      company_id  uuid not null,
      exchange    text not null,
      status      text not null,
      valid_from  date not null,
      valid_to    date,
      basis       text not null,
      constraint ${COMPANY_LISTINGS}_pk primary key (company_id, exchange, valid_from)
    );

    -- Ids that name a company without being its id: the per-ISIN ids of earlier versions,
    -- and the id of a BSE-code anchor since merged into an issuer.
    create table if not exists ${COMPANY_ALIASES} (
      alias_id    uuid not null,
      company_id  uuid not null,
      kind        text not null,
      constraint ${COMPANY_ALIASES}_pk primary key (alias_id)
    );
    create index if not exists ${COMPANY_ALIASES}_company_ix on ${COMPANY_ALIASES} (company_id);
  `;
}

/** Each list's statement of an instrument, the instruments it makes, and the symbols one security traded under. */
function instrumentTablesSql(): string {
  return `
    -- Each list's statement of an instrument, by the parse that made it: the instrument is
    -- what the latest list says (record-listings.ts), by the lists' days, not their arrival.
    create table if not exists ${INSTRUMENT_LISTINGS} (
      event_id        uuid not null,
      instrument_id   uuid not null,
      document        text,
      parse           uuid,
      anchor          text collate "C",
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
      known_at        timestamptz(3) not null,
      constraint ${INSTRUMENT_LISTINGS}_pk primary key (event_id)
    );
    create index if not exists ${INSTRUMENT_LISTINGS}_instrument_ix on ${INSTRUMENT_LISTINGS} (instrument_id);
    create index if not exists ${INSTRUMENT_LISTINGS}_document_ix on ${INSTRUMENT_LISTINGS} (document);

    create table if not exists ${INSTRUMENTS} (
      instrument_id   uuid not null,
      anchor          text collate "C",
      company_id      uuid,
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
    create index if not exists ${INSTRUMENTS}_anchor_ix on ${INSTRUMENTS} (anchor);
    create index if not exists ${INSTRUMENTS}_ticker_ix on ${INSTRUMENTS} (exchange, ticker);
    create index if not exists ${INSTRUMENTS}_isin_ix on ${INSTRUMENTS} (isin);

    -- Symbols one security traded under, from security-wise price histories (UTIBANK, then
    -- AXISBANK): resolved when read, through the holder of the chain's latest symbol.
    create table if not exists ${SYMBOL_CHAINS} (
      chain      uuid not null,
      exchange   text not null,
      symbol     text not null,
      first_day  date not null,
      last_day   date not null,
      document   text,
      parse      uuid,
      known_at   timestamptz(3) not null,
      constraint ${SYMBOL_CHAINS}_pk primary key (chain, symbol)
    );
    create index if not exists ${SYMBOL_CHAINS}_symbol_ix on ${SYMBOL_CHAINS} (exchange, symbol);
  `;
}

/** The trigram indexes of searched names (searchIndexesSql, mergePendingNames). */
const TRIGRAM_INDEXES = [
  `${COMPANIES}_search_name_trgm_ix`,
  `${INSTRUMENTS}_search_name_trgm_ix`,
  `${COMPANY_IDENTIFIERS}_search_name_trgm_ix`,
  `${COMPANIES}_name_trgm_ix`,
  `${COMPANY_IDENTIFIERS}_name_trgm_ix`,
];

/** The indexes search and the company list read the names and symbols through. */
function searchIndexesSql(): string {
  return `
    -- Search (src/read/search): trigram indexes on the names as search normalises them
    -- (search_normalise_name, migration 0005), prefix indexes on symbols and tickers. Each
    -- matches a search expression exactly, or the planner would ignore it.
    create index if not exists ${COMPANIES}_search_name_trgm_ix on ${COMPANIES} using gin (search_normalise_name(name) gin_trgm_ops);
    create index if not exists ${COMPANIES}_search_symbol_ix on ${COMPANIES} (nse_symbol text_pattern_ops);
    create index if not exists ${INSTRUMENTS}_search_name_trgm_ix on ${INSTRUMENTS} using gin (search_normalise_name(name) gin_trgm_ops);
    create index if not exists ${INSTRUMENTS}_search_ticker_ix on ${INSTRUMENTS} (ticker text_pattern_ops);
    -- Former names ("Idea Cellular" finds Vodafone Idea): the names a company has had.
    create index if not exists ${COMPANY_IDENTIFIERS}_search_name_trgm_ix on ${COMPANY_IDENTIFIERS}
      using gin (search_normalise_name(value) gin_trgm_ops) where scheme = 'name';
    -- GET /v1/companies?q=: names containing the text as written, current or former
    -- (list-companies.ts), which the indexes on normalised names cannot serve.
    create index if not exists ${COMPANIES}_name_trgm_ix on ${COMPANIES} using gin (name gin_trgm_ops);
    create index if not exists ${COMPANY_IDENTIFIERS}_name_trgm_ix on ${COMPANY_IDENTIFIERS}
      using gin (value gin_trgm_ops) where scheme = 'name';
    -- Whatever an earlier version left in the pending lists, merged (mergePendingNames).
    ${TRIGRAM_INDEXES.map((index) => `select gin_clean_pending_list('${index}'::regclass);`).join('\n    ')}
  `;
}

/** Every table the projection owns. */
export const COMPANY_TABLES = [
  CLAIMS,
  PARSES,
  RECEIPTS,
  LIST_DATES,
  ANCHORS,
  COMPANIES,
  COMPANY_IDENTIFIERS,
  COMPANY_LISTINGS,
  COMPANY_ALIASES,
  INSTRUMENT_LISTINGS,
  INSTRUMENTS,
  SYMBOL_CHAINS,
  PENDING,
];

const MERGE_PENDING = `select gin_clean_pending_list(index) from (select to_regclass(name) as index from unnest($1::text[]) as name) i
  where index is not null`;

/**
 * Merges the pending lists of the name indexes into the indexes. A GIN index gathers new
 * entries in a pending list that autovacuum merges; embedded PGlite has no autovacuum, so the
 * list grew to its 4 MB limit and every search read all of it (a former-names scan: 110 ms
 * with 489 pending pages, 0.5 ms merged, docs/search.md#speed). Merged after each of the
 * projection's transactions on PGlite, the list holds one batch's names at most, and the
 * projection's many row rewrites still reach the index in bulk (straight into the index,
 * `fastupdate = off`, they took several times as long). Names resolve in the schema being
 * written, a rebuild's included.
 */
export async function mergePendingNames(tx: SqlExecutor): Promise<void> {
  await tx.query(MERGE_PENDING, [toPgArray(TRIGRAM_INDEXES)]);
}
