import type { CorporateActionType } from '#schemas/common';
import type { CorporateAction, CorporateActionDatasetStats } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { belongsToCompany, companyJoin, resolvedCompanyId, statedCompanyJoin, COMPANY_IDENTIFIERS } from '#projections/companies';
import { ACTION_DAY, CORPORATE_ACTIONS } from './tables.ts';
import { type ActionRowRead, toCorporateAction } from './to-corporate-action.ts';
import type { Page, PageParams } from '#projections/shared';

export interface ListCorporateActionsParams extends PageParams {
  readonly companyId?: string | null | undefined;
  readonly type?: CorporateActionType | null | undefined;
  /** Ex-date from (inclusive), YYYY-MM-DD. */
  readonly start?: string | null | undefined;
  /** Ex-date to (inclusive), YYYY-MM-DD. */
  readonly end?: string | null | undefined;
  /** Only actions knowable at this instant (their known_at at or before it), ISO 8601. */
  readonly knownBy?: string | null | undefined;
}

export type CorporateActionPage = Page<CorporateAction>;

// $1 company, $2 type, $3/$4 ex-date window, $5 known by. An action whose file stated no company ISIN
// belongs to the company its stated BSE code or NSE symbol resolves to on its day.
const FROM = `from ${CORPORATE_ACTIONS} a ${statedCompanyJoin('a', 'r', ACTION_DAY)}`;
const MATCHING = `
  where a.duplicate_of is null
    and ($1::uuid is null or ${belongsToCompany('a', 'r', '$1::uuid')})
    and ($2::text is null or a.action_type = $2)
    and ($3::date is null or a.ex_date >= $3)
    and ($4::date is null or a.ex_date <= $4)
    and ($5::timestamptz is null or a.known_at <= $5)`;

/**
 * The company's equity-share ISIN (INE, security type 01) that a source with a date of its
 * own first showed latest on or before the action's ex-date, as `held.isin`: lists show a
 * company's current ISIN on their date, so it is the one the shares had then unless it
 * changed between that day and the ex-date. A list dated only by inference is left out: it
 * is of its day or later, so it cannot say what held by the ex-date. Ties (an ordinary and
 * a DVR line seen the same day) go to the company's current ISIN, then the lowest.
 */
const EQUITY_ISIN_ON_EX_DATE = `left join lateral (
    select i.value as isin from ${COMPANY_IDENTIFIERS} i
    where i.company_id = co.company_id and i.scheme = 'isin' and i.value like 'INE____01%'
      and i.first_stated <= a.ex_date
    order by i.first_stated desc, i.value = co.isin desc, i.value
    limit 1
  ) held on true`;

/**
 * Corporate actions, newest ex-date first (actions without an ex-date last), each action
 * once however many files announced it.
 */
export async function listCorporateActions(db: SqlExecutor, params: ListCorporateActionsParams): Promise<CorporateActionPage> {
  const filters = [params.companyId ?? null, params.type ?? null, params.start ?? null, params.end ?? null, params.knownBy ?? null];
  const { rows } = await db.query<ActionRowRead>(
    `select a.*, ${resolvedCompanyId('a', 'r')}::text as resolved_company_id, co.name as company_name,
            coalesce(held.isin, co.isin) as company_isin
     ${FROM} ${companyJoin('a', 'r', 'co')} ${EQUITY_ISIN_ON_EX_DATE}
     ${MATCHING}
     order by a.ex_date desc nulls last, a.known_at desc, a.action_id
     limit $6 offset $7`,
    [...filters, params.limit, params.offset ?? 0],
  );
  const { rows: counted } = await db.query<{ total: number }>(`select count(*)::int8 as total ${FROM} ${MATCHING}`, filters);
  return { items: rows.map(toCorporateAction), total: counted[0]?.total ?? 0 };
}

/** Distinct actions stored, and the latest knowledge and recording times, for the dataset index. */
export async function corporateActionsDatasetStats(db: SqlExecutor): Promise<CorporateActionDatasetStats> {
  const { rows } = await db.query<{ rows: number; latest_known_at: Date | null; latest_recorded_at: Date | null }>(
    `select count(*) filter (where duplicate_of is null)::int8 as rows, max(known_at) as latest_known_at,
            max(recorded_at) as latest_recorded_at
     from ${CORPORATE_ACTIONS}`,
  );
  const row = rows[0];
  return {
    rows: row?.rows ?? 0,
    latest_known_at: row?.latest_known_at?.toISOString() ?? null,
    latest_recorded_at: row?.latest_recorded_at?.toISOString() ?? null,
  };
}

export { listAdjustingActions, type AdjustingActionRow, type ListAdjustingActionsParams } from './list-adjusting-actions.ts';
