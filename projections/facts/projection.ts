import type { DomainEvent } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';
import type { StoredEvent } from '#platform/event-store';
import type { Projection } from '#platform/projector';
import { type FactVersions, planFactVersions, VERSION_COLUMNS } from './fact-versions.ts';
import { type FactKeyRow, recomputeSupersession } from './supersession.ts';
import { createFactTables, FACT_FILINGS, FACTS, REPLACED_FACTS, REPLACED_PARSES } from './tables.ts';
import { type FactFilingRow, type FinancialsEvent, toFactFilingRow } from './fact-filings.ts';
import { keepReplacedParses } from './keep-replaced-parses.ts';
import { type HeldParse, parseChains, replacementsOf, replacesHeld } from './parse-succession.ts';
import { arrayParams, columnList } from '#projections/shared';
import { companyIdOfFiling } from '#domain/identity';
import { serveFiscalYearStarts } from './fiscal-year-starts.ts';

/** Splits a batch's in-force parses into those to apply and, of those, the held parses they replace. */
async function classifyParses(tx: SqlExecutor, parses: readonly FinancialsEvent[]) {
  const { rows } = await tx.query<HeldParse>(
    `select filing_id::text as filing_id, company_id::text as company_id, parser_version, event_id::text as event_id
     from ${FACT_FILINGS} where filing_id = any($1::uuid[])`,
    [parses.map((p) => p.data.filingId)],
  );
  const held = new Map(rows.map((row) => [row.filing_id, row]));
  const accepted = parses.filter((p) => replacesHeld(p, held.get(p.data.filingId)));
  return { accepted, held };
}

async function upsertFilings(tx: SqlExecutor, filings: readonly FactFilingRow[]): Promise<void> {
  await tx.query(
    `insert into ${FACT_FILINGS} (filing_id, company_id, document_type, period_end, is_revision, source_url,
       source_file, source_sha256, known_at, recorded_at, parser_version, event_id, reported_name,
       reported_nse_symbol, reported_bse_code, reported_isin, reported_cin, fiscal_year_start, fiscal_year_end)
     select * from jsonb_to_recordset($1::jsonb) as x(
       filing_id uuid, company_id uuid, document_type text, period_end date, is_revision boolean,
       source_url text, source_file text, source_sha256 text, known_at timestamptz, recorded_at timestamptz,
       parser_version integer, event_id uuid, reported_name text, reported_nse_symbol text,
       reported_bse_code text, reported_isin text, reported_cin text, fiscal_year_start date, fiscal_year_end date)
     on conflict (filing_id) do update set
       company_id = excluded.company_id, document_type = excluded.document_type,
       period_end = excluded.period_end, is_revision = excluded.is_revision, source_url = excluded.source_url,
       source_file = excluded.source_file, source_sha256 = excluded.source_sha256, known_at = excluded.known_at,
       recorded_at = excluded.recorded_at, parser_version = excluded.parser_version, event_id = excluded.event_id,
       reported_name = excluded.reported_name, reported_nse_symbol = excluded.reported_nse_symbol,
       reported_bse_code = excluded.reported_bse_code, reported_isin = excluded.reported_isin,
       reported_cin = excluded.reported_cin, fiscal_year_start = excluded.fiscal_year_start,
       fiscal_year_end = excluded.fiscal_year_end`,
    [JSON.stringify(filings)],
  );
}

/**
 * The keys that may already have versions: those of a (company, period end) the table
 * already holds. One index probe per period end of a filing, not one per fact; for a new
 * quarter nothing matches and no chain needs computing.
 */
async function keysOfKnownPeriods(tx: SqlExecutor, batch: FactVersions): Promise<FactKeyRow[]> {
  const { rows } = await tx.query<{ company_id: string; period_end: string }>(
    `select p.company_id::text as company_id, p.period_end
     from unnest($1::uuid[], $2::date[]) as p(company_id, period_end)
     where exists (select 1 from ${FACTS} f where f.company_id = p.company_id and f.period_end = p.period_end)`,
    [batch.periods.companyIds, batch.periods.periodEnds],
  );
  return rows.flatMap((row) => batch.keysOf(row.company_id, row.period_end));
}

const INSERT_VERSIONS = `
  insert into ${FACTS} (${columnList(VERSION_COLUMNS)})
  select * from unnest(${arrayParams(VERSION_COLUMNS)})`;

/**
 * Inserts the new versions, current by default (superseded_at null), and returns the
 * keys whose chains need recomputing. No conflict is possible: accepted filings have no
 * rows (new, or their earlier parse was just moved out) and duplicates were dropped.
 */
async function insertVersions(tx: SqlExecutor, batch: FactVersions): Promise<FactKeyRow[]> {
  if (batch.count === 0) return [];
  const existing = await keysOfKnownPeriods(tx, batch);
  await tx.query(INSERT_VERSIONS, batch.columns);
  return [...existing, ...batch.repeatedKeys];
}

/** A batch laid out: each filing's parse chain, and the facts of the parses each leaves in force. */
export interface FactsBatch {
  readonly chains: ReadonlyMap<string, readonly FinancialsEvent[]>;
  readonly versions: FactVersions;
}

function plan(events: readonly StoredEvent<DomainEvent>[]): FactsBatch {
  const chains = parseChains(events as readonly FinancialsEvent[]);
  return { chains, versions: planFactVersions([...chains.values()].flatMap((chain) => chain.slice(-1))) };
}

/**
 * Bitemporal financial facts: every version of every fact, with its validity in knowledge
 * time; and the parses that re-parses replaced, with their facts, for the service's own record.
 */
export const factsProjection: Projection<DomainEvent, FactsBatch> = {
  name: 'facts',
  version: 5,
  handles: ['FinancialsReported'],
  tables: [FACTS, FACT_FILINGS, REPLACED_PARSES, REPLACED_FACTS],
  setup: createFactTables,
  prepare: plan,
  async evolve(tx, events, prepared) {
    const batch = prepared ?? plan(events);
    const { accepted, held } = await classifyParses(tx, batch.versions.parses);
    if (accepted.length === 0) return;
    // Rarely a parse is older than the stored one and is left out; plan again without it.
    const versions = accepted.length === batch.versions.parses.length ? batch.versions : planFactVersions(accepted);
    const replacements = replacementsOf(
      batch.chains,
      held,
      accepted.map((p) => p.data.filingId),
    );
    const removedKeys = await keepReplacedParses(tx, replacements);
    await upsertFilings(tx, accepted.map(toFactFilingRow));
    const changedKeys = await insertVersions(tx, versions);
    await recomputeSupersession(tx, [...removedKeys, ...changedKeys]);
    // A filing's statement of its fiscal year can change the start served for the others'.
    await serveFiscalYearStarts(tx, [...accepted.map((p) => companyIdOfFiling(p.data)), ...replacements.held.map((h) => h.company_id)]);
  },
};
