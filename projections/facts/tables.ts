import type { SqlExecutor } from '#platform/db';
import { STATED_IDENTITY_COLUMNS } from '#projections/companies';
import { SOURCE_FILE_COLUMNS } from '#projections/shared';

export const FACTS = 'rm_facts_v5';
export const FACT_FILINGS = 'rm_fact_filings_v5';
/** Parses of a filing that a later parse replaced, and their facts: the service's own record. */
export const REPLACED_PARSES = 'rm_fact_replaced_parses_v5';
export const REPLACED_FACTS = 'rm_fact_replaced_facts_v5';

/**
 * A fact's fiscal period as one number: the fiscal year times ten plus the fiscal quarter (0
 * for a year, which has none). FY2025 Q3 is 20253 and FY2025 itself 20250, so the periods of a
 * fiscal year, and of two consecutive ones, are each one range. Written exactly so in the
 * cross-section index and its reads.
 */
export const fiscalPeriodCode = (alias?: string) => {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `${column('fiscal_year')} * 10 + coalesce(${column('fiscal_quarter')}, 0)`;
};

// Columns the current tables share with the record of replaced parses (the same text, so
// the DDL stays as it was).
const FACT_KEY_COLUMNS = `company_id      uuid not null,
      period_end      date not null,
      concept         text collate "C" not null,
      basis           text collate "C" not null,
      period_type     text collate "C" not null`;
const FACT_VALUE_COLUMNS = `period_start    date,
      fiscal_year     smallint not null,
      fiscal_quarter  smallint,
      value           numeric not null,
      unit            text not null,
      decimals        smallint,
      scale           text,
      element         text`;
const PARSE_COLUMNS = `filing_id            uuid not null,
      company_id           uuid not null,
      document_type        text not null,
      period_end           date not null,
      is_revision          boolean not null,
      ${SOURCE_FILE_COLUMNS},
      parser_version       integer not null,
      fiscal_year_start    date,
      fiscal_year_end      date`;

/**
 * One row per fact version (bitemporal). A version is valid in knowledge time from its
 * `known_at` until `superseded_at`, the `known_at` of the next version of the same key
 * (null while current). Versions of one key are ordered by (known_at, filing_id), so the
 * table depends only on what was filed and when, never on arrival order. `revision_number`
 * is the version's place in that order (0: the first release), kept with `superseded_at`.
 *
 * The primary key starts with the company and the fact key, so an as-of lookup for one
 * company, the facts of one company and period end, and the versions of one key are all
 * index range scans; the partial index serves current reads. Key text columns use the "C"
 * collation: they hold identifiers, and byte comparison keeps index inserts cheap.
 */
export async function createFactTables(tx: SqlExecutor): Promise<void> {
  await tx.query(`
    create table if not exists ${FACTS} (
      ${FACT_KEY_COLUMNS},
      known_at        timestamptz(3) not null,
      filing_id       uuid not null,
      superseded_at   timestamptz(3),
      revision_number integer not null default 0,
      ${FACT_VALUE_COLUMNS},
      constraint ${FACTS}_pk primary key (company_id, period_end, concept, basis, period_type, known_at, filing_id),
      constraint ${FACTS}_validity_ck check (superseded_at is null or superseded_at >= known_at)
    );
    create index if not exists ${FACTS}_current_ix on ${FACTS} (company_id)
      where superseded_at is null;
    -- Screening (src/read/screening/facts-source.ts), now or as of a time: each company's latest
    -- annual period is the first few entries of its range here, whatever the history depth;
    -- the concepts of that year are then read through the primary key. It replaced an index of
    -- current rows by fiscal year that no statement uses any more.
    drop index if exists ${FACTS}_current_period_ix;
    -- The versions of named concepts of one company (listFacts with concepts): one key's range
    -- holds that key's versions only, so an as-of read of it does not pass over the versions of
    -- every other figure the company re-filed for the same period; and each entry carries its
    -- validity (known_at, and superseded_at with infinity while open), so only the version valid
    -- at the instant is fetched from the table, however many versions the key has.
    create index if not exists ${FACTS}_concept_ix on ${FACTS}
      (company_id, concept, basis, period_end desc, period_type, known_at, (coalesce(superseded_at, 'infinity'::timestamptz)));
    -- A cross-section (cross-section.ts): one concept and fiscal period over every company, in
    -- company order, so a keyset page is one range read from its cursor; each entry carries
    -- what chooses the version of a view (validity, first release). The fiscal period is an
    -- expression (fiscalPeriodCode) that no other read names, so the planner never takes
    -- this index for a read of one company, whose own indexes start with it.
    create index if not exists ${FACTS}_cross_section_ix on ${FACTS}
      (concept, (${fiscalPeriodCode()}), company_id, basis, period_type, period_end, known_at)
      include (superseded_at, revision_number);
    -- What became known in a window of knowledge time (fact-changes.ts), over every company.
    create index if not exists ${FACTS}_known_ix on ${FACTS} (known_at);
    create index if not exists ${FACTS}_annual_ix on ${FACTS} (company_id, period_end desc)
      include (basis, known_at, superseded_at, fiscal_year, period_start) where period_type = 'annual';

    -- The filings behind the facts, owned by this projection so that every fact row's
    -- provenance is written in the same transaction as the fact.
    create table if not exists ${FACT_FILINGS} (
      ${PARSE_COLUMNS},
      event_id             uuid not null,
      ${STATED_IDENTITY_COLUMNS},
      constraint ${FACT_FILINGS}_pk primary key (filing_id)
    );
    -- The fiscal years a company's filings state, read together to serve each year's start
    -- (fiscal-year-starts.ts): one short range per company and year end.
    create index if not exists ${FACT_FILINGS}_fiscal_year_ix on ${FACT_FILINGS} (company_id, fiscal_year_end);

    -- A re-parse of a filing replaces its rows above; the parse it replaced moves here with
    -- its facts, so recorded_as_of can answer what this service had recorded at an earlier
    -- instant. A parse is in force for its filing from its recorded_at until replaced_at, the
    -- earliest recorded_at of the parses that replaced it (ADR 3). Kept apart from the facts
    -- above so that current and as-of reads never pass over them.
    create table if not exists ${REPLACED_PARSES} (
      event_id             uuid not null,
      ${PARSE_COLUMNS},
      ${STATED_IDENTITY_COLUMNS},
      replaced_at          timestamptz(3) not null,
      constraint ${REPLACED_PARSES}_pk primary key (event_id)
    );
    create index if not exists ${REPLACED_PARSES}_filing_ix on ${REPLACED_PARSES} (filing_id);
    create index if not exists ${REPLACED_PARSES}_company_ix on ${REPLACED_PARSES} (company_id);

    create table if not exists ${REPLACED_FACTS} (
      ${FACT_KEY_COLUMNS},
      event_id        uuid not null,
      known_at        timestamptz(3) not null,
      filing_id       uuid not null,
      ${FACT_VALUE_COLUMNS},
      constraint ${REPLACED_FACTS}_pk primary key (company_id, period_end, concept, basis, period_type, event_id)
    );
  `);
}
