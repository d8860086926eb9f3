import type { Event } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { EVENT_COLUMNS, EVENT_JOINS, type EventRowRead, toEvent } from './event-rows.ts';
import { DISCLOSURES } from './tables.ts';

/**
 * One disclosure by its id, as the stream shows it (the company as resolved now, else as
 * stated). A re-delivered copy is found by its own id too. Undefined when no disclosure has
 * the id.
 */
export async function getDisclosure(db: SqlExecutor, disclosureId: string): Promise<Event | undefined> {
  const { rows } = await db.query<EventRowRead>(
    `select ${EVENT_COLUMNS}
     from (select * from ${DISCLOSURES} where disclosure_id = $1::uuid) d
     ${EVENT_JOINS}`,
    [disclosureId],
  );
  return rows[0] && toEvent(rows[0]);
}
