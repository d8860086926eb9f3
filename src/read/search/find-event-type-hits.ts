import { listEventTypes } from '#projections/disclosures';
import type { EventSearchHit } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { matchEventTypes } from './match-event-types.ts';

/**
 * Event types present in the disclosures (of the company, when given) that the query
 * names, with their counts: what to pass to get_events as its type filter. The
 * disclosures themselves are `announcement` hits.
 */
export async function findEventTypeHits(
  db: SqlExecutor,
  query: string,
  companyId: string | null,
  limit: number,
): Promise<EventSearchHit[]> {
  const types = await listEventTypes(db, companyId === null ? {} : { companyId });
  return matchEventTypes(query, types).slice(0, limit);
}
