import type { SqlExecutor } from '#platform/db';
import { istDay, statedIdentityIndexes } from '#projections/companies';

export const CORPORATE_ACTIONS = 'rm_corporate_actions_v3';

/** The day an action (as `a`) belongs to its company on: its ex-date, else record date, else the day it was known. */
export const ACTION_DAY = `coalesce(a.ex_date, a.record_date, (${istDay('a.known_at')})::date)`;

/**
 * One row per announced action (per `actionId`, i.e. per action per source file). The
 * same action in two overlapping downloads is two rows with one `natural_key`; the copy
 * known first is served (`duplicate_of` null) and the others point at it.
 */
export async function createCorporateActionTables(tx: SqlExecutor): Promise<void> {
  await tx.query(`
    create table if not exists ${CORPORATE_ACTIONS} (
      action_id            uuid not null,
      company_id           uuid,
      reported_name        text,
      reported_nse_symbol  text,
      reported_bse_code    text,
      reported_isin        text,
      action_type          text,
      purpose              text not null,
      ex_date              date,
      record_date          date,
      amount_per_share     numeric,
      ratio_new            numeric,
      ratio_existing       numeric,
      face_value_from      numeric,
      face_value_to        numeric,
      source               text not null,
      source_url           text,
      source_file          text,
      source_document      text,
      parser_version       integer not null,
      event_position       bigint not null,
      natural_key          text not null,
      duplicate_of         uuid,
      copies               integer not null default 1,
      known_at             timestamptz(3) not null,
      known_at_basis       text,
      recorded_at          timestamptz(3) not null,
      constraint ${CORPORATE_ACTIONS}_pk primary key (action_id)
    );
    create index if not exists ${CORPORATE_ACTIONS}_key_ix on ${CORPORATE_ACTIONS} (natural_key);
    create index if not exists ${CORPORATE_ACTIONS}_ex_date_ix on ${CORPORATE_ACTIONS} (ex_date desc)
      where duplicate_of is null;
    create index if not exists ${CORPORATE_ACTIONS}_company_ix on ${CORPORATE_ACTIONS} (company_id, ex_date desc)
      where duplicate_of is null;
    create index if not exists ${CORPORATE_ACTIONS}_type_ix on ${CORPORATE_ACTIONS} (action_type, ex_date desc)
      where duplicate_of is null;
    -- Actions whose file stated no company ISIN are found through what it did state.
    ${statedIdentityIndexes(CORPORATE_ACTIONS)}
  `);
}
