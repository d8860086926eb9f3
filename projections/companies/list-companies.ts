import type { CompanyListItem, Instrument } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { istDateOf } from '#domain/identity';
import { withHistories } from './queries.ts';
import { type CompanyRow, toCompany } from './to-company.ts';
import { COMPANIES, COMPANY_IDENTIFIERS, COMPANY_LISTINGS, INSTRUMENTS } from './tables.ts';
import type { Page, PageParams } from '#projections/shared';

/** `%` and `_` in user text match themselves in LIKE. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Both list queries here are always given an offset. */
type Paged = PageParams & { readonly offset: number };

export interface ListCompaniesParams extends Paged {
  /** Names containing this text, in any case: the current name, or a former one. */
  readonly q?: string | undefined;
  readonly sector?: string | undefined;
  readonly listingStatus?: string | undefined;
  /** Listing status as of this instant's day (companies since delisted included); now when absent. */
  readonly asOf?: string | undefined;
}

// A company's status on a day: listed on an exchange, else suspended, else delisted;
// unknown before any source showed it (its dated periods, COMPANY_LISTINGS).
const STATUS_ON_DAY = `coalesce((
    select case min(case l.status when 'listed' then 0 when 'suspended' then 1 else 2 end)
             when 0 then 'listed' when 1 then 'suspended' when 2 then 'delisted' end
    from ${COMPANY_LISTINGS} l
    where l.company_id = c.company_id and l.valid_from <= $4::date and (l.valid_to is null or $4::date < l.valid_to)
  ), 'unknown')`;
const STATUS = `case when $4::date is null then c.listing_status else ${STATUS_ON_DAY} end`;

// A former name the pattern $1 matches, when the current name does not: in mixed case when a
// source spells it so, else the latest shown. A spelling of the current name ("VODAFONE IDEA
// LIMITED") is not a former name.
const FORMER_NAME = `case when $1::text is not null and c.name not ilike $1 then (
    select i.value from ${COMPANY_IDENTIFIERS} i
    where i.company_id = c.company_id and i.scheme = 'name' and not i.is_current and i.value ilike $1
      and search_normalise_name(i.value) <> search_normalise_name(c.name)
    order by i.value = upper(i.value), i.last_seen desc nulls last, i.value limit 1) end`;

// The names matched by the pattern $1, current or former: each side read through its trigram
// index (tables.ts), the former names once for the statement (an array, not a subquery a row,
// which PostgreSQL would also cost a row and so plan as a scan of every company).
const COMPANY_FILTER = `($1::text is null or c.name ilike $1 or c.company_id = any(array(
         select i.company_id from ${COMPANY_IDENTIFIERS} i where i.scheme = 'name' and i.value ilike $1)))
       and ($2::text is null or lower(c.sector) = lower($2))
       and ($3::text is null or lower(${STATUS}) = lower($3))`;

/** The statement `listCompanies` runs for a page, exposed so its plan can be checked; `filters` are its first four values. */
export function listCompaniesQuery(params: ListCompaniesParams): { text: string; values: unknown[]; filters: unknown[] } {
  const filters = [
    params.q ? likePattern(params.q) : null,
    params.sector ?? null,
    params.listingStatus ?? null,
    params.asOf ? istDateOf(params.asOf) : null,
  ];
  return {
    text: `select c.*, ${STATUS} as listing_status, ${FORMER_NAME} as matched_former_name, count(*) over ()::int8 as total
     from ${COMPANIES} c where ${COMPANY_FILTER}
     order by c.name, c.company_id limit $5 offset $6`,
    values: [...filters, params.limit, params.offset],
    filters,
  };
}

/**
 * Companies by name, current or former, with their identifier histories and the former name
 * matched, and the total matching for paging.
 */
export async function listCompanies(db: SqlExecutor, params: ListCompaniesParams): Promise<Page<CompanyListItem>> {
  const { text, values, filters } = listCompaniesQuery(params);
  const { rows } = await db.query<CompanyRow & { total: number; matched_former_name: string | null }>(text, values);
  const total = await totalOf(
    db,
    rows,
    params.offset,
    `select count(*)::int8 as total from ${COMPANIES} c where ${COMPANY_FILTER}`,
    filters,
  );
  const profiles = await withHistories(db, rows.map(toCompany));
  const items = profiles.map((profile, i) => {
    const former = rows[i]?.matched_former_name;
    return former ? { ...profile, matched_former_name: former } : profile;
  });
  return { items, total };
}

/** The window count of a page; past the last row it is lost, so count separately then. */
export async function totalOf(
  db: SqlExecutor,
  rows: readonly { total: number }[],
  offset: number,
  countSql: string,
  filters: readonly unknown[],
): Promise<number> {
  if (rows[0]) return rows[0].total;
  if (offset === 0) return 0;
  const { rows: counted } = await db.query<{ total: number }>(countSql, filters);
  return counted[0]?.total ?? 0;
}

export interface ListInstrumentsParams extends Paged {
  readonly ticker?: string | undefined;
  readonly exchange?: string | undefined;
  readonly segment?: string | undefined;
  readonly type?: string | undefined;
  readonly isin?: string | undefined;
  readonly companyId?: string | undefined;
}

/** The columns of an instrument row that every reader of the instruments table selects. */
export interface InstrumentColumns {
  instrument_id: string;
  company_id: string;
  exchange: string;
  segment: string;
  type: string;
  ticker: string;
  isin: string | null;
  name: string;
  series: string | null;
  status: string;
}

interface InstrumentRow extends InstrumentColumns {
  face_value: string | null;
  listing_date: string | null;
  known_at: Date;
  total: number;
}

const toInstrument = (row: InstrumentRow): Instrument => ({
  id: row.instrument_id,
  company_id: row.company_id,
  exchange: row.exchange,
  segment: row.segment,
  type: row.type,
  ticker: row.ticker,
  isin: row.isin,
  name: row.name,
  series: row.series,
  face_value: row.face_value,
  listing_date: row.listing_date,
  status: row.status,
  known_at: row.known_at.toISOString(),
});

/** Instruments matching every filter given; identifiers compare without regard to case. */
export async function listInstrumentPage(db: SqlExecutor, params: ListInstrumentsParams): Promise<Page<Instrument>> {
  const where = `($1::text is null or upper(i.ticker) = upper($1))
       and ($2::text is null or upper(i.exchange) = upper($2))
       and ($3::text is null or upper(i.segment) = upper($3))
       and ($4::text is null or upper(i.type) = upper($4))
       and ($5::text is null or i.isin = upper($5))
       and ($6::uuid is null or i.company_id = $6)`;
  const filters = [
    params.ticker ?? null,
    params.exchange ?? null,
    params.segment ?? null,
    params.type ?? null,
    params.isin ?? null,
    params.companyId ?? null,
  ];
  const { rows } = await db.query<InstrumentRow>(
    `select i.*, i.face_value::text as face_value, count(*) over ()::int8 as total from ${INSTRUMENTS} i
     where ${where}
     order by i.ticker, i.exchange, i.instrument_id
     limit $7 offset $8`,
    [...filters, params.limit, params.offset],
  );
  const total = await totalOf(db, rows, params.offset, `select count(*)::int8 as total from ${INSTRUMENTS} i where ${where}`, filters);
  return { items: rows.map(toInstrument), total };
}
