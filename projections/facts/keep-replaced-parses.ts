import type { SqlExecutor } from '#platform/db';
import { type FactFilingRow, toFactFilingRow } from './fact-filings.ts';
import { planFactVersions, VERSION_COLUMNS } from './fact-versions.ts';
import type { Replacements } from './parse-succession.ts';
import type { FactKeyRow } from './supersession.ts';
import { FACT_FILINGS, FACTS, REPLACED_FACTS, REPLACED_PARSES } from './tables.ts';
import { arrayParams, columnList } from '#projections/shared';

const FILING_COLUMNS = `company_id, document_type, period_end, is_revision, source_url, source_file, source_sha256,
  known_at, recorded_at, parser_version, reported_name, reported_nse_symbol, reported_bse_code, reported_isin, reported_cin,
  fiscal_year_start, fiscal_year_end`;
const FACT_COLUMNS = columnList(VERSION_COLUMNS);

/**
 * A filing's parses replaced earlier keep their place until the earliest of the new parses
 * was recorded; then the held parse's filing row joins them.
 */
async function keepHeldFilings(tx: SqlExecutor, held: Replacements['held']): Promise<void> {
  const filingIds = held.map((h) => h.filing_id);
  const replacedAts = held.map((h) => h.replacedAt);
  await tx.query(
    `update ${REPLACED_PARSES} p set replaced_at = x.replaced_at
     from unnest($1::uuid[], $2::timestamptz[]) as x(filing_id, replaced_at)
     where p.filing_id = x.filing_id and p.replaced_at > x.replaced_at`,
    [filingIds, replacedAts],
  );
  await tx.query(
    `insert into ${REPLACED_PARSES} (event_id, filing_id, ${FILING_COLUMNS}, replaced_at)
     select fl.event_id, fl.filing_id, ${FILING_COLUMNS.replace(/(\w+)/g, 'fl.$1')}, x.replaced_at
     from unnest($1::uuid[], $2::timestamptz[]) as x(filing_id, replaced_at)
     join ${FACT_FILINGS} fl on fl.filing_id = x.filing_id`,
    [filingIds, replacedAts],
  );
}

/** Moves the held parses' facts out of the facts table; returns the keys they leave. */
async function keepHeld(tx: SqlExecutor, held: Replacements['held']): Promise<FactKeyRow[]> {
  await keepHeldFilings(tx, held);
  const { rows } = await tx.query<FactKeyRow>(
    `with moved as (
       delete from ${FACTS} f using unnest($1::uuid[], $2::uuid[], $3::uuid[]) as r(company_id, filing_id, event_id)
       where f.company_id = r.company_id and f.filing_id = r.filing_id
       returning r.event_id, f.*
     ),
     kept as (
       insert into ${REPLACED_FACTS} (event_id, ${FACT_COLUMNS})
       select event_id, ${FACT_COLUMNS} from moved
     )
     select distinct company_id::text as company_id, period_end, concept, basis, period_type from moved`,
    [held.map((h) => h.company_id), held.map((h) => h.filing_id), held.map((h) => h.event_id)],
  );
  return rows;
}

/** Parses of the batch that a later one of the batch replaces: straight to the replaced tables. */
async function keepWithinBatch(tx: SqlExecutor, withinBatch: Replacements['withinBatch']): Promise<void> {
  const filings: Array<FactFilingRow & { replaced_at: string }> = withinBatch.map(({ event, replacedAt }) => ({
    ...toFactFilingRow(event),
    replaced_at: replacedAt,
  }));
  await tx.query(
    `insert into ${REPLACED_PARSES} (event_id, filing_id, ${FILING_COLUMNS}, replaced_at)
     select event_id, filing_id, ${FILING_COLUMNS}, replaced_at from jsonb_to_recordset($1::jsonb) as x(
       event_id uuid, filing_id uuid, company_id uuid, document_type text, period_end date, is_revision boolean,
       source_url text, source_file text, source_sha256 text, known_at timestamptz, recorded_at timestamptz,
       parser_version integer, reported_name text, reported_nse_symbol text, reported_bse_code text,
       reported_isin text, reported_cin text, fiscal_year_start date, fiscal_year_end date, replaced_at timestamptz)`,
    [JSON.stringify(filings)],
  );
  const versions = planFactVersions(withinBatch.map(({ event }) => event));
  if (versions.count === 0) return;
  await tx.query(
    `insert into ${REPLACED_FACTS} (event_id, ${FACT_COLUMNS})
     select * from unnest($1::uuid[], ${arrayParams(VERSION_COLUMNS, 2)})`,
    [versions.eventIds(), ...versions.columns],
  );
}

/**
 * Keeps the parses a batch replaces, with their facts, in the replaced tables (the facts
 * table holds one parse per filing). Runs before the new parses' filing rows are written
 * over the held ones. Returns the fact keys the held parses leave, whose chains change.
 */
export async function keepReplacedParses(tx: SqlExecutor, replacements: Replacements): Promise<FactKeyRow[]> {
  // Held first: its update of earlier replaced parses must not reach the batch's own.
  const left = replacements.held.length === 0 ? [] : await keepHeld(tx, replacements.held);
  if (replacements.withinBatch.length > 0) await keepWithinBatch(tx, replacements.withinBatch);
  return left;
}
