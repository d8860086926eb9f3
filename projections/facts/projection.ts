import type { SqlExecutor } from '../../src/db/db.ts';
import type { Projection } from '../../src/projector/projection.ts';
import { FACT_KEY_RECORD, type FactKeyRow, recomputeSupersession } from './supersession.ts';
import { createFactTables, FACT_FILINGS, FACT_KEY_COLUMNS, FACTS } from './tables.ts';
import {
  type FactFilingRow,
  type FinancialsEvent,
  latestParsePerFiling,
  toFactFilingRow,
  toFactRows,
} from './to-fact-rows.ts';

interface StoredParse {
  filing_id: string;
  company_id: string;
  parser_version: number;
}

/** Splits a batch's parses into those to apply and, of those, the ones replacing an earlier parse. */
async function classifyParses(tx: SqlExecutor, parses: readonly FinancialsEvent[]) {
  const { rows } = await tx.query<StoredParse>(
    `select filing_id::text as filing_id, company_id::text as company_id, parser_version
     from ${FACT_FILINGS} where filing_id = any($1::uuid[])`,
    [parses.map((p) => p.data.filingId)],
  );
  const stored = new Map(rows.map((row) => [row.filing_id, row]));
  const accepted = parses.filter((p) => (stored.get(p.data.filingId)?.parser_version ?? 0) < p.data.parserVersion);
  const replaced = accepted.flatMap((p) => stored.get(p.data.filingId) ?? []);
  return { accepted, replaced };
}

/** Removes the facts of earlier parses that are being replaced; returns their keys. */
async function removeReplacedParses(tx: SqlExecutor, replaced: readonly StoredParse[]): Promise<FactKeyRow[]> {
  if (replaced.length === 0) return [];
  const { rows } = await tx.query<FactKeyRow>(
    `delete from ${FACTS} f using unnest($1::uuid[], $2::uuid[]) as r(company_id, filing_id)
     where f.company_id = r.company_id and f.filing_id = r.filing_id
     returning f.company_id::text as company_id, f.concept, f.basis, f.period_type, f.period_end`,
    [replaced.map((r) => r.company_id), replaced.map((r) => r.filing_id)],
  );
  return rows;
}

async function upsertFilings(tx: SqlExecutor, filings: readonly FactFilingRow[]): Promise<void> {
  await tx.query(
    `insert into ${FACT_FILINGS}
     select * from jsonb_to_recordset($1::jsonb) as x(
       filing_id uuid, company_id uuid, document_type text, period_end date, is_revision boolean,
       source_url text, source_file text, source_sha256 text, known_at timestamptz, recorded_at timestamptz,
       parser_version integer, event_id uuid, reported_name text, reported_nse_symbol text,
       reported_bse_code text, reported_isin text, reported_cin text)
     on conflict (filing_id) do update set
       company_id = excluded.company_id, document_type = excluded.document_type,
       period_end = excluded.period_end, is_revision = excluded.is_revision, source_url = excluded.source_url,
       source_file = excluded.source_file, source_sha256 = excluded.source_sha256, known_at = excluded.known_at,
       recorded_at = excluded.recorded_at, parser_version = excluded.parser_version, event_id = excluded.event_id,
       reported_name = excluded.reported_name, reported_nse_symbol = excluded.reported_nse_symbol,
       reported_bse_code = excluded.reported_bse_code, reported_isin = excluded.reported_isin,
       reported_cin = excluded.reported_cin`,
    [JSON.stringify(filings)],
  );
}

/**
 * Inserts the new versions, current by default (superseded_at null). Returns the keys
 * whose chains need recomputing: those that already had versions, and those with more
 * than one version in this batch. A brand-new key with one version is already right.
 */
async function insertVersions(tx: SqlExecutor, parses: readonly FinancialsEvent[]): Promise<FactKeyRow[]> {
  const facts = parses.flatMap(toFactRows);
  if (facts.length === 0) return [];
  const { rows } = await tx.query<FactKeyRow>(
    `with input as (
       select * from jsonb_to_recordset($1::jsonb) as x(
         ${FACT_KEY_RECORD}, known_at timestamptz, filing_id uuid, period_start date,
         fiscal_year smallint, fiscal_quarter smallint, value numeric, unit text, decimals smallint,
         scale text, element text, parser_version integer)
     ),
     inserted as (
       insert into ${FACTS} (${FACT_KEY_COLUMNS}, known_at, filing_id, period_start, fiscal_year, fiscal_quarter,
                             value, unit, decimals, scale, element, parser_version)
       select ${FACT_KEY_COLUMNS}, known_at, filing_id, period_start, fiscal_year, fiscal_quarter,
              value, unit, decimals, scale, element, parser_version
       from input
       on conflict on constraint ${FACTS}_pk do nothing
     ),
     keyed as (
       select ${FACT_KEY_COLUMNS}, count(*) over (partition by ${FACT_KEY_COLUMNS}) as versions_in_batch
       from input
     )
     select distinct k.company_id::text as company_id, k.concept, k.basis, k.period_type, k.period_end
     from keyed k
     where k.versions_in_batch > 1
        or exists (
          select 1 from ${FACTS} f
          where f.company_id = k.company_id and f.concept = k.concept and f.basis = k.basis
            and f.period_type = k.period_type and f.period_end = k.period_end
        )`,
    [JSON.stringify(facts)],
  );
  return rows;
}

/** Bitemporal financial facts: every version of every fact, with its validity in knowledge time. */
export const factsProjection: Projection = {
  name: 'facts',
  version: 1,
  handles: ['FinancialsReported'],
  tables: [FACTS, FACT_FILINGS],
  setup: createFactTables,
  async evolve(tx, events) {
    const parses = latestParsePerFiling(events as readonly FinancialsEvent[]);
    const { accepted, replaced } = await classifyParses(tx, parses);
    if (accepted.length === 0) return;
    const removedKeys = await removeReplacedParses(tx, replaced);
    await upsertFilings(tx, accepted.map(toFactFilingRow));
    const changedKeys = await insertVersions(tx, accepted);
    await recomputeSupersession(tx, [...removedKeys, ...changedKeys]);
  },
};
