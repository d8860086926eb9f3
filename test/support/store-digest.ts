import { FACTS } from '#projections/facts/tables';
import type { SqlExecutor } from '#platform/db/db';

/** What a store holds, in counts and checksums that two runs ingesting the same files share. */
export interface StoreDigest {
  readonly events: number;
  readonly eventsChecksum: string;
  readonly facts: number;
  readonly factsChecksum: string;
  readonly rawDocuments: number;
  readonly rawDocumentsChecksum: string;
}

/**
 * Counts and checksums of the events, the current facts and the raw documents. Only what a
 * run decides is compared: the times this service received something (`receivedAt` in
 * payloads, `received_at`, `recorded_at`), commit order and stream versions differ between
 * two runs of the same files and are left out.
 */
export async function storeDigest(db: SqlExecutor): Promise<StoreDigest> {
  const one = async (sql: string) => {
    const { rows } = await db.query<{ n: number; sum: string | null }>(sql);
    return { n: Number(rows[0]?.n ?? 0), sum: rows[0]?.sum ?? '' };
  };
  const events = await one(
    `select count(*) as n, md5(string_agg(concat_ws(' ', event_id, event_type, stream_id, (data - 'receivedAt')::text), e'\\n' order by event_id)) as sum
     from es_events`,
  );
  const facts = await one(`select count(*) as n, md5(string_agg(f::text, e'\\n' order by f::text)) as sum from ${FACTS} f`);
  const raw = await one(
    `select count(*) as n, md5(string_agg(concat_ws(' ', document_id, file_name, format, known_at), e'\\n' order by document_id)) as sum
     from raw_documents`,
  );
  return {
    events: events.n,
    eventsChecksum: events.sum,
    facts: facts.n,
    factsChecksum: facts.sum,
    rawDocuments: raw.n,
    rawDocumentsChecksum: raw.sum,
  };
}
