import type { DomainEventType } from '#schemas/events';
import { type SqlExecutor, toPgArray } from '#platform/db';
import type { Projection } from '#platform/projector';
import { type ActionEvent, type ActionRow, latestPerAction } from './action-rows.ts';
import { recomputeServedCopies } from '#projections/served-copies';
import { CORPORATE_ACTIONS, createCorporateActionTables } from './tables.ts';

const COLUMNS = `action_id uuid, company_id uuid, reported_name text, reported_nse_symbol text, reported_bse_code text,
  reported_isin text, action_type text, purpose text, ex_date date, record_date date, amount_per_share numeric,
  ratio_new numeric, ratio_existing numeric, face_value_from numeric, face_value_to numeric, source text,
  source_url text, source_file text, source_document text, parser_version integer, event_position bigint,
  natural_key text, known_at timestamptz, known_at_basis text, recorded_at timestamptz`;
const NAMES = COLUMNS.split(',').map((column) => column.trim().split(/\s+/)[0] ?? '');

/** Keys the rows of these actions held before this batch: a re-parse may move a row to another key. */
async function keysHeld(tx: SqlExecutor, rows: readonly ActionRow[]): Promise<string[]> {
  const { rows: held } = await tx.query<{ natural_key: string }>(
    `select natural_key from ${CORPORATE_ACTIONS} where action_id = any($1::uuid[])`,
    [toPgArray(rows.map((row) => row.action_id))],
  );
  return held.map((row) => row.natural_key);
}

/** Upserts the batch's actions; an older parser version's late event changes nothing. */
async function upsertActions(tx: SqlExecutor, rows: readonly ActionRow[]): Promise<void> {
  const updates = NAMES.filter((name) => name !== 'action_id').map((name) => `${name} = excluded.${name}`);
  await tx.query(
    `insert into ${CORPORATE_ACTIONS} (${NAMES.join(', ')})
     select * from jsonb_to_recordset($1::jsonb) as x(${COLUMNS})
     on conflict (action_id) do update set ${updates.join(', ')}
     where ${CORPORATE_ACTIONS}.parser_version <= excluded.parser_version`,
    [JSON.stringify(rows)],
  );
}

const HANDLES = ['CorporateActionAnnounced'] as const satisfies readonly DomainEventType[];

/** Corporate actions, one per announcement, with repeated announcements of one action linked. */
export const corporateActionsProjection: Projection = {
  name: 'corporate_actions',
  version: 3,
  handles: HANDLES,
  tables: [CORPORATE_ACTIONS],
  setup: createCorporateActionTables,
  async evolve(tx, events) {
    const rows = latestPerAction(events as readonly ActionEvent[]);
    if (rows.length === 0) return;
    const before = await keysHeld(tx, rows);
    await upsertActions(tx, rows);
    await recomputeServedCopies(tx, { table: CORPORATE_ACTIONS, id: 'action_id', document: 'source_document', copies: 'copies' }, [
      ...before,
      ...rows.map((row) => row.natural_key),
    ]);
  },
};
