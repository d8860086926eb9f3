import type { DomainEvent } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';
import type { StoredEvent } from '#platform/event-store';
import type { Projection } from '#platform/projector';
import { type DisclosureEvent, type DisclosureRow, planDisclosureRows } from './disclosure-rows.ts';
import { recomputeServedCopies } from '#projections/served-copies';
import { createDisclosureTables, DISCLOSURES } from './tables.ts';

/** The keys the batch's disclosures had before (a re-parse may change a subject, hence the key). */
async function storedKeys(tx: SqlExecutor, rows: readonly DisclosureRow[]): Promise<string[]> {
  const { rows: stored } = await tx.query<{ natural_key: string }>(
    `select natural_key from ${DISCLOSURES} where disclosure_id = any($1::uuid[])`,
    [rows.map((row) => row.disclosure_id)],
  );
  return stored.map((row) => row.natural_key);
}

/** Inserts new disclosures and replaces earlier parses; a parse older than the stored one changes nothing. */
async function upsertDisclosures(tx: SqlExecutor, rows: readonly DisclosureRow[]): Promise<void> {
  await tx.query(
    `insert into ${DISCLOSURES} (disclosure_id, natural_key, company_id, reported_name, reported_nse_symbol,
       reported_bse_code, reported_isin, reported_cin, event_type, category, subject, body, document_type,
       attachment_url, published_at, known_at, recorded_at, source, source_url, source_sha256, event_position,
       parser_version)
     select * from jsonb_to_recordset($1::jsonb) as x(
       disclosure_id uuid, natural_key text, company_id uuid, reported_name text, reported_nse_symbol text,
       reported_bse_code text, reported_isin text, reported_cin text, event_type text, category text, subject text,
       body text, document_type text, attachment_url text, published_at timestamptz, known_at timestamptz,
       recorded_at timestamptz, source text, source_url text, source_sha256 text, event_position bigint,
       parser_version integer)
     on conflict (disclosure_id) do update set
       natural_key = excluded.natural_key, company_id = excluded.company_id, reported_name = excluded.reported_name,
       reported_nse_symbol = excluded.reported_nse_symbol, reported_bse_code = excluded.reported_bse_code,
       reported_isin = excluded.reported_isin, reported_cin = excluded.reported_cin, event_type = excluded.event_type,
       category = excluded.category, subject = excluded.subject, body = excluded.body,
       document_type = excluded.document_type, attachment_url = excluded.attachment_url,
       published_at = excluded.published_at, known_at = excluded.known_at, recorded_at = excluded.recorded_at,
       source = excluded.source, source_url = excluded.source_url, source_sha256 = excluded.source_sha256,
       event_position = excluded.event_position, parser_version = excluded.parser_version
     where ${DISCLOSURES}.parser_version <= excluded.parser_version`,
    [JSON.stringify(rows)],
  );
}

const plan = (events: readonly StoredEvent<DomainEvent>[]) => planDisclosureRows(events as readonly DisclosureEvent[]);

/** The disclosure stream: one row per announcement, re-delivered copies marked, full-text searchable. */
export const disclosuresProjection: Projection<DomainEvent, DisclosureRow[]> = {
  name: 'disclosures',
  version: 2,
  handles: ['DisclosurePublished'],
  tables: [DISCLOSURES],
  setup: createDisclosureTables,
  prepare: plan,
  async evolve(tx, events, prepared) {
    const rows = prepared ?? plan(events);
    if (rows.length === 0) return;
    const before = await storedKeys(tx, rows);
    await upsertDisclosures(tx, rows);
    await recomputeServedCopies(tx, { table: DISCLOSURES, id: 'disclosure_id', document: 'source_sha256' }, [
      ...before,
      ...rows.map((row) => row.natural_key),
    ]);
  },
};
