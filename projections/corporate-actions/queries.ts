import type { CorporateActionType } from '../../schemas/common/vocabularies.ts';
import type { CorporateAction, CorporateActionDatasetStats } from '../../schemas/read-models/corporate-action.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import { toPgArray } from '../../src/db/pg-array.ts';
import { COMPANY_IDENTIFIERS } from '../companies/tables.ts';
import { CORPORATE_ACTIONS } from './tables.ts';
import { type ActionRowRead, toCorporateAction } from './to-corporate-action.ts';

export interface ListCorporateActionsParams {
  readonly companyId?: string | null | undefined;
  readonly type?: CorporateActionType | null | undefined;
  /** Ex-date from (inclusive), YYYY-MM-DD. */
  readonly start?: string | null | undefined;
  /** Ex-date to (inclusive), YYYY-MM-DD. */
  readonly end?: string | null | undefined;
  readonly limit: number;
  readonly offset?: number | undefined;
}

export interface CorporateActionPage {
  readonly items: CorporateAction[];
  /** Actions matching the filters, for paging. */
  readonly total: number;
}

interface Identifiers {
  nse: string[];
  bse: string[];
  isin: string[];
}

/** The NSE symbols, BSE codes and ISINs that resolve to the company now. */
async function identifiersOf(db: SqlExecutor, companyId: string): Promise<Identifiers> {
  const { rows } = await db.query<{ scheme: string; value: string }>(
    `select scheme, value from ${COMPANY_IDENTIFIERS} where company_id = $1 and scheme in ('nse', 'bse', 'isin')`,
    [companyId],
  );
  const of = (scheme: string) => rows.filter((row) => row.scheme === scheme).map((row) => row.value);
  return { nse: of('nse'), bse: of('bse'), isin: of('isin') };
}

// $1 company, $2..$4 its identifiers, $5 type, $6/$7 ex-date window. An action whose
// company ingestion could not resolve belongs to the company its stated identifiers
// resolve to now, so a file read before the master list loses nothing.
const MATCHING = `
  from ${CORPORATE_ACTIONS} a
  where a.duplicate_of is null
    and ($1::uuid is null or a.company_id = $1
         or (a.company_id is null and (a.reported_nse_symbol = any($2::text[])
             or a.reported_bse_code = any($3::text[]) or a.reported_isin = any($4::text[]))))
    and ($5::text is null or a.action_type = $5)
    and ($6::date is null or a.ex_date >= $6)
    and ($7::date is null or a.ex_date <= $7)`;

// The company an unresolved action's stated identifiers resolve to now: ISIN first.
const RESOLVED_COMPANY = `coalesce(a.company_id, (
  select i.company_id from ${COMPANY_IDENTIFIERS} i
  where (i.scheme = 'isin' and i.value = a.reported_isin) or (i.scheme = 'nse' and i.value = a.reported_nse_symbol)
     or (i.scheme = 'bse' and i.value = a.reported_bse_code)
  order by case i.scheme when 'isin' then 0 when 'nse' then 1 else 2 end
  limit 1))`;

/**
 * Corporate actions, newest ex-date first (actions without an ex-date last), each action
 * once however many files announced it.
 */
export async function listCorporateActions(db: SqlExecutor, params: ListCorporateActionsParams): Promise<CorporateActionPage> {
  const ids = params.companyId ? await identifiersOf(db, params.companyId) : { nse: [], bse: [], isin: [] };
  const filters = [
    params.companyId ?? null,
    toPgArray(ids.nse),
    toPgArray(ids.bse),
    toPgArray(ids.isin),
    params.type ?? null,
    params.start ?? null,
    params.end ?? null,
  ];
  const { rows } = await db.query<ActionRowRead>(
    `select a.*, ${RESOLVED_COMPANY} as resolved_company_id ${MATCHING}
     order by a.ex_date desc nulls last, a.known_at desc, a.action_id
     limit $8 offset $9`,
    [...filters, params.limit, params.offset ?? 0],
  );
  const { rows: counted } = await db.query<{ total: number }>(`select count(*)::int8 as total ${MATCHING}`, filters);
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
