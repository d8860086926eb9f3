import type { SqlExecutor } from '#platform/db';
import { STATED_IDENTITY_COLUMNS, statedIdentityIndexes } from '#projections/companies';
import { SOURCE_FILE_COLUMNS } from '#projections/shared';

export const SNAPSHOTS = 'rm_shareholding_v2';
export const HOLDERS = 'rm_shareholding_holders_v2';

/**
 * One snapshot row per filing (its latest parse). Several filings may state the same company
 * and period end (a re-fetched summary is a new document, hence a new filing): every one is
 * kept, and readers pick the newest by (known_at, parser_version, filing_id), so the answer
 * depends only on what was filed and when, never on arrival order, and `as_of` is a filter.
 * Percentages are numeric, keeping the digits as filed ("13.20" stays "13.20"); null is "not
 * stated", never 0.
 */
export async function createShareholdingTables(tx: SqlExecutor): Promise<void> {
  await tx.query(`
    create table if not exists ${SNAPSHOTS} (
      filing_id            uuid not null,
      company_id           uuid,
      period_end           date not null,
      promoter_pct         numeric,
      fii_pct              numeric,
      dii_pct              numeric,
      mutual_fund_pct      numeric,
      public_pct           numeric,
      pledged_pct          numeric,
      holder_count         integer not null,
      parser_version       integer not null,
      event_id             uuid not null,
      source               text not null,
      ${SOURCE_FILE_COLUMNS},
      ${STATED_IDENTITY_COLUMNS},
      constraint ${SNAPSHOTS}_pk primary key (filing_id)
    );
    -- The newest snapshot per period of one company is the first row of an index range.
    create index if not exists ${SNAPSHOTS}_company_ix
      on ${SNAPSHOTS} (company_id, period_end desc, known_at desc, parser_version desc, filing_id desc);
    ${statedIdentityIndexes(SNAPSHOTS)}

    create table if not exists ${HOLDERS} (
      filing_id   uuid not null,
      line_no     integer not null,
      category    text not null,
      name        text not null,
      shares      numeric,
      percentage  numeric,
      constraint ${HOLDERS}_pk primary key (filing_id, line_no)
    );
  `);
}
