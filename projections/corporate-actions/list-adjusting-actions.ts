import type { CorporateActionType } from '#schemas/common';
import { type SqlExecutor, toPgArray } from '#platform/db';
import { belongsToCompany, statedCompanyJoin } from '#projections/companies';
import type { AdjustingAction } from './adjustment-factors.ts';
import { ACTION_DAY, CORPORATE_ACTIONS } from './tables.ts';

export interface AdjustingActionRow extends AdjustingAction {
  readonly purpose: string;
  readonly known_at: string;
}

export interface ListAdjustingActionsParams {
  readonly companyId: string;
  readonly types: readonly CorporateActionType[];
  /** Only actions known by this instant (the earliest copy's known_at). */
  readonly knownBy: string;
  /** Only actions gone ex on or before this day, YYYY-MM-DD. */
  readonly exOnOrBefore: string;
}

interface Row extends Omit<AdjustingActionRow, 'known_at'> {
  known_at: Date;
}

/**
 * A company's actions of the given types that had gone ex by a day and were known by an
 * instant, oldest ex-date first, each action once however many files announced it (the
 * served copy, known first).
 */
export async function listAdjustingActions(db: SqlExecutor, params: ListAdjustingActionsParams): Promise<AdjustingActionRow[]> {
  const { rows } = await db.query<Row>(
    `select a.action_id::text as id, a.action_type, a.ex_date::text as ex_date, a.ratio_new, a.ratio_existing,
            a.face_value_from, a.face_value_to, a.amount_per_share, a.purpose, a.known_at
     from ${CORPORATE_ACTIONS} a ${statedCompanyJoin('a', 'r', ACTION_DAY)}
     where a.duplicate_of is null and ${belongsToCompany('a', 'r', '$1::uuid')}
       and a.action_type = any($2::text[]) and a.ex_date <= $3::date and a.known_at <= $4::timestamptz
     order by a.ex_date, a.known_at, a.action_id`,
    [params.companyId, toPgArray(params.types), params.exOnOrBefore, params.knownBy],
  );
  return rows.map((row) => ({ ...row, known_at: row.known_at.toISOString() }));
}
