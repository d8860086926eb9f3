import type { DisclosuresDatasetStats, EventPage, EventTypeCount } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { belongsToCompany, istDay, statedCompanyJoin } from '#projections/companies';
import { EVENT_COLUMNS, EVENT_JOINS, type EventRowRead, toEvent } from './event-rows.ts';
import { DISCLOSURES } from './tables.ts';
import type { AsOfParams, PageParams } from '#projections/shared';

export interface ListEventsParams extends PageParams, AsOfParams {
  /** Disclosures of this company, including those that name it only by stated identifiers. */
  readonly companyId?: string | undefined;
  /** An event type (event_type), e.g. `dividend`. */
  readonly type?: string | undefined;
  /** Published at or after this instant. */
  readonly start?: string | undefined;
  /** Published at or before this instant. */
  readonly end?: string | undefined;
}

/**
 * The filters shared by the stream's queries over `d`: served copies only, and the company
 * when given. Parameters: $1 company id, then those of the caller. The company condition
 * needs the stated-company join, so it is added only when a company is asked for.
 */
function companyScope(companyId: string | undefined): { join: string; where: string } {
  return companyId === undefined
    ? { join: '', where: 'd.duplicate_of is null and $1::uuid is null' }
    : {
        join: statedCompanyJoin('d', 'r', istDay('d.published_at')),
        where: `d.duplicate_of is null and ${belongsToCompany('d', 'r', '$1::uuid')}`,
      };
}

const STREAM_FILTERS = `
  and ($2::text is null or d.event_type = $2::text)
  and ($3::timestamptz is null or d.published_at >= $3::timestamptz)
  and ($4::timestamptz is null or d.published_at <= $4::timestamptz)
  and ($5::timestamptz is null or d.known_at <= $5::timestamptz)`;

/** The disclosure stream, newest published first, with the number of matches across pages. */
export async function listEvents(db: SqlExecutor, params: ListEventsParams): Promise<EventPage> {
  const scope = companyScope(params.companyId);
  const filters = [params.companyId ?? null, params.type ?? null, params.start ?? null, params.end ?? null, params.asOf ?? null];
  const matching = `from ${DISCLOSURES} d ${scope.join} where ${scope.where} ${STREAM_FILTERS}`;
  const { rows } = await db.query<EventRowRead>(
    `select ${EVENT_COLUMNS}
     from (select d.* ${matching} order by d.published_at desc, d.disclosure_id desc limit $6 offset $7) d
     ${EVENT_JOINS}
     order by d.published_at desc, d.disclosure_id desc`,
    [...filters, params.limit, params.offset ?? 0],
  );
  const { rows: counted } = await db.query<{ total: number }>(`select count(*)::int8 as total ${matching}`, filters);
  return { items: rows.map(toEvent), total: counted[0]?.total ?? 0 };
}

/** The event types present in the stored disclosures (of one company, when given), most frequent first. */
export async function listEventTypes(db: SqlExecutor, params: { readonly companyId?: string | undefined } = {}): Promise<EventTypeCount[]> {
  const scope = companyScope(params.companyId);
  const { rows } = await db.query<EventTypeCount>(
    `select d.event_type, count(*)::int8 as count
     from ${DISCLOSURES} d ${scope.join}
     where ${scope.where}
     group by d.event_type
     order by count desc, d.event_type`,
    [params.companyId ?? null],
  );
  return rows;
}

/** Distinct disclosures served (re-delivered copies once) and the latest knowledge time stored. */
export async function disclosuresDatasetStats(db: SqlExecutor): Promise<DisclosuresDatasetStats> {
  const { rows } = await db.query<{ rows: number; latest_known_at: Date | null }>(
    `select count(*) filter (where duplicate_of is null)::int8 as rows, max(known_at) as latest_known_at from ${DISCLOSURES}`,
  );
  const row = rows[0];
  return { rows: row?.rows ?? 0, latest_known_at: row?.latest_known_at?.toISOString() ?? null };
}
