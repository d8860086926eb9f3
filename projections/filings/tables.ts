import type { SqlExecutor } from '#platform/db';
import { STATED_IDENTITY_COLUMNS, statedIdentityIndexes } from '#projections/companies';

export const DOCUMENTS = 'rm_documents_v5';
export const DISSEMINATIONS = 'rm_document_disseminations_v5';
export const FILINGS = 'rm_filings_v5';
export const FILING_TEXTS = 'rm_filing_texts_v5';

/** The day a filing belongs to its company on, for `statedCompanyJoin` over `f`. */
export const FILING_DAY = `coalesce(f.period_end, (f.known_at at time zone 'Asia/Kolkata')::date)`;

export async function createFilingTables(tx: SqlExecutor): Promise<void> {
  await tx.query(`
    create table if not exists ${DOCUMENTS} (
      document_id     text not null,
      format          text not null,
      file_name       text not null,
      content_type    text not null,
      byte_length     bigint not null,
      source_url      text,
      company_id      uuid,
      status          text not null default 'received',
      parser_version  integer,
      reject_reason   text,
      problems        jsonb,
      problem_count   integer not null default 0,
      known_at        timestamptz(3) not null,
      received_at     timestamptz(3) not null,
      recorded_at     timestamptz(3) not null,
      constraint ${DOCUMENTS}_pk primary key (document_id),
      constraint ${DOCUMENTS}_status_ck check (status in ('received', 'parsed', 'rejected'))
    );
    create index if not exists ${DOCUMENTS}_status_ix on ${DOCUMENTS} (status, known_at);

    -- Every copy of a document whose dissemination time was stated (the same bytes published
    -- twice, say): the provenance of its known_at, the earliest of them.
    create table if not exists ${DISSEMINATIONS} (
      document_id  text not null,
      copy_key     text not null,
      file_name    text not null,
      source_url   text,
      known_at     timestamptz(3) not null,
      recorded_at  timestamptz(3) not null,
      constraint ${DISSEMINATIONS}_pk primary key (document_id, copy_key)
    );

    create table if not exists ${FILINGS} (
      filing_id        uuid not null,
      company_id       uuid,
      ${STATED_IDENTITY_COLUMNS},
      document_type    text,
      title            text,
      fiscal_year      smallint,
      period_end       date,
      is_revision      boolean not null default false,
      source_url       text,
      document_sha256  text,
      source_event     text not null,
      parser_version   integer not null,
      known_at         timestamptz(3) not null,
      recorded_at      timestamptz(3) not null,
      constraint ${FILINGS}_pk primary key (filing_id)
    );
    create index if not exists ${FILINGS}_company_ix on ${FILINGS} (company_id, known_at desc);
    ${statedIdentityIndexes(FILINGS)}
    create index if not exists ${FILINGS}_type_ix on ${FILINGS} (document_type, known_at desc);
    create index if not exists ${FILINGS}_known_at_ix on ${FILINGS} (known_at desc);
    -- Search over titles (src/read/search): whole words, by full text. The trigram index of an
    -- earlier version (titles matched as substrings) is dropped where it exists.
    create index if not exists ${FILINGS}_search_title_ix on ${FILINGS} using gin (to_tsvector('english', coalesce(title, '')));
    drop index if exists ${FILINGS}_search_title_trgm_ix;

    -- Text of narrative documents, for reading and full-text search.
    create table if not exists ${FILING_TEXTS} (
      filing_id   uuid not null,
      text        text not null,
      page_count  integer,
      extractor   text not null,
      search      tsvector generated always as (to_tsvector('english', left(text, 1000000))) stored,
      constraint ${FILING_TEXTS}_pk primary key (filing_id)
    );
    create index if not exists ${FILING_TEXTS}_search_ix on ${FILING_TEXTS} using gin (search);
  `);
}
