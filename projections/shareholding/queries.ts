import type { ShareholdingDatasetStats, ShareholdingHolder, ShareholdingSnapshot } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import {
  type IdentityColumns,
  toCompanyIdentity,
  belongsToCompany,
  companyJoin,
  identityColumns,
  resolvedCompanyId,
  statedCompanyJoin,
} from '#projections/companies';
import { HOLDERS, SNAPSHOTS } from './tables.ts';
import type { AsOfParams } from '#projections/shared';

export interface ListShareholdingParams extends AsOfParams {
  readonly companyId: string;
  /** Only the snapshot for this period end (YYYY-MM-DD). */
  readonly periodEnd?: string | undefined;
  /** Include the holder-level breakdown. */
  readonly holders: boolean;
  readonly limit: number;
}

interface SnapshotRowRead extends IdentityColumns {
  company_id: string;
  period_end: string;
  promoter_pct: string | null;
  fii_pct: string | null;
  dii_pct: string | null;
  mutual_fund_pct: string | null;
  public_pct: string | null;
  pledged_pct: string | null;
  filing_id: string;
  source: string;
  source_url: string | null;
  known_at: Date;
  recorded_at: Date;
}

/** Newest first within a company and period: the order that decides which filing is read. */
const NEWEST_FILING = 's.known_at desc, s.parser_version desc, s.filing_id desc';

const toSnapshot = (row: SnapshotRowRead): ShareholdingSnapshot => ({
  company: toCompanyIdentity(row),
  period_end: row.period_end,
  promoter_pct: row.promoter_pct,
  fii_pct: row.fii_pct,
  dii_pct: row.dii_pct,
  mutual_fund_pct: row.mutual_fund_pct,
  public_pct: row.public_pct,
  pledged_pct: row.pledged_pct,
  filing_id: row.filing_id,
  source: row.source,
  source_url: row.source_url,
  known_at: row.known_at.toISOString(),
  recorded_at: row.recorded_at.toISOString(),
});

async function holdersOf(db: SqlExecutor, filingIds: readonly string[]): Promise<Map<string, ShareholdingHolder[]>> {
  const { rows } = await db.query<ShareholdingHolder & { filing_id: string }>(
    `select filing_id::text as filing_id, category, name, shares, percentage
     from ${HOLDERS} where filing_id = any($1::uuid[]) order by filing_id, line_no`,
    [filingIds],
  );
  const byFiling = new Map<string, ShareholdingHolder[]>(filingIds.map((id) => [id, []]));
  for (const { filing_id, ...holder } of rows) byFiling.get(filing_id)?.push(holder);
  return byFiling;
}

/**
 * Ownership snapshots of one company, newest period first: per period end, the filing with
 * the greatest `known_at` (not after `asOf`), ties broken by the higher parser version, then
 * the higher filing id. Snapshots whose filing names the company only by stated identifiers
 * (no company id at ingestion) are included.
 */
export async function listShareholding(db: SqlExecutor, params: ListShareholdingParams): Promise<ShareholdingSnapshot[]> {
  const { rows } = await db.query<SnapshotRowRead>(
    `select distinct on (s.period_end)
       ${identityColumns('s', 'r', 'c')},
       s.period_end, s.promoter_pct, s.fii_pct, s.dii_pct, s.mutual_fund_pct, s.public_pct, s.pledged_pct,
       s.filing_id::text as filing_id, s.source, s.source_url, s.known_at, s.recorded_at
     from ${SNAPSHOTS} s
     ${statedCompanyJoin('s', 'r', 's.period_end')}
     ${companyJoin('s', 'r', 'c')}
     where ${belongsToCompany('s', 'r', '$1::uuid')}
       and ($2::date is null or s.period_end = $2::date)
       and ($3::timestamptz is null or s.known_at <= $3::timestamptz)
     order by s.period_end desc, ${NEWEST_FILING}
     limit $4`,
    [params.companyId, params.periodEnd ?? null, params.asOf ?? null, params.limit],
  );
  const snapshots = rows.map(toSnapshot);
  if (!params.holders) return snapshots;
  const holders = await holdersOf(
    db,
    snapshots.map((s) => s.filing_id),
  );
  return snapshots.map((s) => ({ ...s, holders: holders.get(s.filing_id) ?? [] }));
}

const PLACEHOLDER = /^\$\d+$/;

/**
 * A SELECT for screening: per company, the ownership of its newest snapshot (latest period
 * end; among filings for that period the one read by `listShareholding`). Columns:
 * `company_id` (uuid), `period_end` (date), `promoter_pct`, `fii_pct`, `dii_pct`,
 * `mutual_fund_pct`, `public_pct`, `pledged_pct` (numeric, null when the newest snapshot does
 * not state them: no fallback to an older period), `filing_id`, `known_at`, `source_url`.
 * Snapshots without a company id count for the company their stated identifiers resolve to;
 * those resolving to none are left out.
 *
 * Use it as a CTE: `with ownership as (${latestOwnershipSql()}) select … join ownership o
 * using (company_id) where o.promoter_pct > $1`. Current knowledge by default; pass a
 * placeholder such as `'$3'` as `asOf` to read as of a timestamptz parameter instead.
 */
export function latestOwnershipSql(options: { readonly asOf?: string } = {}): string {
  if (options.asOf !== undefined && !PLACEHOLDER.test(options.asOf)) {
    throw new Error(`asOf must be a parameter placeholder such as $2, not ${options.asOf}`);
  }
  const knowable = options.asOf === undefined ? 'true' : `s.known_at <= ${options.asOf}::timestamptz`;
  return `select distinct on (x.company_id)
      x.company_id, x.period_end, x.promoter_pct, x.fii_pct, x.dii_pct, x.mutual_fund_pct, x.public_pct,
      x.pledged_pct, x.filing_id, x.known_at, x.source_url
    from (
      select ${resolvedCompanyId('s', 'r')} as company_id, s.period_end, s.promoter_pct, s.fii_pct, s.dii_pct,
             s.mutual_fund_pct, s.public_pct, s.pledged_pct, s.filing_id, s.known_at, s.source_url, s.parser_version
      from ${SNAPSHOTS} s
      ${statedCompanyJoin('s', 'r', 's.period_end')}
      where ${knowable}
    ) x
    where x.company_id is not null
    order by x.company_id, x.period_end desc, x.known_at desc, x.parser_version desc, x.filing_id desc`;
}

/**
 * Snapshots served (one per company, or stated identity when unresolved, and period end)
 * and the latest knowledge time stored.
 */
export async function shareholdingDatasetStats(db: SqlExecutor): Promise<ShareholdingDatasetStats> {
  const { rows } = await db.query<{ rows: number; latest_known_at: Date | null }>(
    `select (select count(*) from (
               select distinct coalesce(${resolvedCompanyId('s', 'r')}::text,
                        concat_ws(':', 'stated', s.reported_isin, s.reported_nse_symbol, s.reported_bse_code, s.reported_name)),
                      s.period_end
               from ${SNAPSHOTS} s
               ${statedCompanyJoin('s', 'r', 's.period_end')}) k)::int8 as rows,
            (select max(known_at) from ${SNAPSHOTS}) as latest_known_at`,
  );
  const row = rows[0];
  return { rows: row?.rows ?? 0, latest_known_at: row?.latest_known_at?.toISOString() ?? null };
}
