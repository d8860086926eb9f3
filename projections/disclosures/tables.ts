import type { SqlExecutor } from '#platform/db';
import { STATED_IDENTITY_COLUMNS, statedIdentityIndexes } from '#projections/companies';

export const DISCLOSURES = 'rm_disclosures_v2';

/**
 * One row per disclosure id (its latest parse). The same announcement delivered in two
 * overlapping downloads has two ids but one `natural_key` (natural-key.ts): the copy known
 * first is served and the others point at it through `duplicate_of`, so readers filter on
 * `duplicate_of is null` (the partial indexes) and nothing is lost if the choice changes.
 *
 * `search` is maintained by the database from subject (weight A) and body (weight B) with
 * the english configuration, for full-text search (search-disclosures.ts) and ts_rank.
 */
export async function createDisclosureTables(tx: SqlExecutor): Promise<void> {
  await tx.query(`
    create table if not exists ${DISCLOSURES} (
      disclosure_id        uuid not null,
      natural_key          text not null,
      duplicate_of         uuid,
      company_id           uuid,
      ${STATED_IDENTITY_COLUMNS},
      event_type           text not null,
      category             text,
      subject              text not null,
      body                 text,
      document_type        text,
      attachment_url       text,
      published_at         timestamptz(3) not null,
      known_at             timestamptz(3) not null,
      recorded_at          timestamptz(3) not null,
      source               text not null,
      source_url           text,
      source_sha256        text,
      event_position       bigint not null,
      parser_version       integer not null,
      search               tsvector generated always as (
                             setweight(to_tsvector('english', subject), 'A') ||
                             setweight(to_tsvector('english', coalesce(body, '')), 'B')) stored,
      constraint ${DISCLOSURES}_pk primary key (disclosure_id)
    );
    create index if not exists ${DISCLOSURES}_natural_key_ix on ${DISCLOSURES} (natural_key);
    create index if not exists ${DISCLOSURES}_published_ix on ${DISCLOSURES} (published_at desc, disclosure_id desc)
      where duplicate_of is null;
    create index if not exists ${DISCLOSURES}_company_ix on ${DISCLOSURES} (company_id, published_at desc)
      where duplicate_of is null;
    create index if not exists ${DISCLOSURES}_type_ix on ${DISCLOSURES} (event_type, published_at desc)
      where duplicate_of is null;
    create index if not exists ${DISCLOSURES}_search_ix on ${DISCLOSURES} using gin (search);
    ${statedIdentityIndexes(DISCLOSURES)}
  `);
}
