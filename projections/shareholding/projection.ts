import type { DomainEvent } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';
import type { StoredEvent } from '#platform/event-store';
import type { Projection } from '#platform/projector';
import { planShareholdingBatch, type ShareholdingBatch, type ShareholdingEvent } from './snapshot-rows.ts';
import { createShareholdingTables, HOLDERS, SNAPSHOTS } from './tables.ts';

/**
 * Inserts new filings and replaces a filing's earlier parse (same or lower parser version);
 * returns the filings written. A parse older than the stored one changes nothing.
 */
async function upsertSnapshots(tx: SqlExecutor, batch: ShareholdingBatch): Promise<string[]> {
  const { rows } = await tx.query<{ filing_id: string }>(
    `insert into ${SNAPSHOTS} (filing_id, company_id, period_end, promoter_pct, fii_pct, dii_pct, mutual_fund_pct,
       public_pct, pledged_pct, holder_count, parser_version, event_id, source, source_url, source_file, source_sha256,
       known_at, recorded_at, reported_name, reported_nse_symbol, reported_bse_code, reported_isin, reported_cin)
     select * from jsonb_to_recordset($1::jsonb) as x(
       filing_id uuid, company_id uuid, period_end date, promoter_pct numeric, fii_pct numeric, dii_pct numeric,
       mutual_fund_pct numeric, public_pct numeric, pledged_pct numeric, holder_count integer, parser_version integer,
       event_id uuid, source text, source_url text, source_file text, source_sha256 text, known_at timestamptz,
       recorded_at timestamptz, reported_name text, reported_nse_symbol text, reported_bse_code text,
       reported_isin text, reported_cin text)
     on conflict (filing_id) do update set
       company_id = excluded.company_id, period_end = excluded.period_end, promoter_pct = excluded.promoter_pct,
       fii_pct = excluded.fii_pct, dii_pct = excluded.dii_pct, mutual_fund_pct = excluded.mutual_fund_pct,
       public_pct = excluded.public_pct, pledged_pct = excluded.pledged_pct, holder_count = excluded.holder_count,
       parser_version = excluded.parser_version, event_id = excluded.event_id, source = excluded.source,
       source_url = excluded.source_url, source_file = excluded.source_file, source_sha256 = excluded.source_sha256,
       known_at = excluded.known_at, recorded_at = excluded.recorded_at, reported_name = excluded.reported_name,
       reported_nse_symbol = excluded.reported_nse_symbol, reported_bse_code = excluded.reported_bse_code,
       reported_isin = excluded.reported_isin, reported_cin = excluded.reported_cin
     where ${SNAPSHOTS}.parser_version <= excluded.parser_version
     returning filing_id::text as filing_id`,
    [JSON.stringify(batch.snapshots)],
  );
  return rows.map((row) => row.filing_id);
}

/** Replaces the holder lines of the filings written. */
async function replaceHolders(tx: SqlExecutor, batch: ShareholdingBatch, written: readonly string[]): Promise<void> {
  await tx.query(`delete from ${HOLDERS} where filing_id = any($1::uuid[])`, [written]);
  if (batch.holderCount === 0) return;
  await tx.query(
    `insert into ${HOLDERS} (filing_id, line_no, category, name, shares, percentage)
     select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::numeric[], $6::numeric[])
       as h(filing_id, line_no, category, name, shares, percentage)
     where h.filing_id = any($7::uuid[])`,
    [...batch.holderColumns, written],
  );
}

const plan = (events: readonly StoredEvent<DomainEvent>[]) => planShareholdingBatch(events as readonly ShareholdingEvent[]);

/** Ownership snapshots and their holder lines, one per shareholding filing. */
export const shareholdingProjection: Projection<DomainEvent, ShareholdingBatch> = {
  name: 'shareholding',
  version: 2,
  handles: ['ShareholdingReported'],
  tables: [SNAPSHOTS, HOLDERS],
  setup: createShareholdingTables,
  prepare: plan,
  async evolve(tx, events, prepared) {
    const batch = prepared ?? plan(events);
    if (batch.snapshots.length === 0) return;
    const written = await upsertSnapshots(tx, batch);
    if (written.length > 0) await replaceHolders(tx, batch, written);
  },
};
