import { type SqlExecutor, toPgArray } from '#platform/db';
import { EventIdConflictError } from '#platform/errors';
import { EVENTS_CHANNEL, type PreparedEvent } from './append-to-stream.ts';

/** One JSON array of JSON texts, each written as it is. */
const jsonArrayOf = (texts: readonly string[]): string => `[${texts.join(',')}]`;

export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly PreparedEvent[];
}

/**
 * Appends to many streams at once, with no expected version (`any`), in the caller's
 * transaction: one statement to find events already stored, one to move every stream's
 * version, one to insert every event. Ingestion writes thousands of small streams (one per
 * company, action, filing) and this keeps that to a handful of round trips. Streams are
 * locked in id order, so concurrent batches cannot deadlock on each other. The events of
 * `closing` (documents' outcomes) come after all of `appends`, in the same statements: the
 * last positions of the commit.
 */
export async function appendToStreams(
  tx: SqlExecutor,
  appends: readonly StreamAppend[],
  closing: readonly StreamAppend[] = [],
): Promise<number> {
  const ids = [...appends, ...closing].flatMap((a) => a.events.map((e) => e.id));
  if (ids.length === 0) return 0;
  const { rows: stored } = await tx.query<{ event_id: string; stream_id: string }>(
    'select event_id::text, stream_id from es_events where event_id = any($1::uuid[])',
    [toPgArray(ids)],
  );
  // Stored before, or earlier in this batch (the same document received twice in one run).
  const storedIn = new Map(stored.map((row) => [row.event_id, row.stream_id]));
  const freshOf = (group: readonly StreamAppend[]) => {
    const fresh = new Map<string, PreparedEvent[]>();
    for (const { streamId, events } of group) {
      for (const event of events) {
        const existing = storedIn.get(event.id);
        if (existing !== undefined && existing !== streamId) throw new EventIdConflictError(event.id, streamId, existing);
        if (existing !== undefined) continue;
        storedIn.set(event.id, streamId);
        const list = fresh.get(streamId);
        if (list) list.push(event);
        else fresh.set(streamId, [event]);
      }
    }
    return fresh;
  };
  const groups = [freshOf(appends), freshOf(closing)];
  const counts = new Map<string, number>();
  for (const fresh of groups) for (const [streamId, events] of fresh) counts.set(streamId, (counts.get(streamId) ?? 0) + events.length);
  if (counts.size === 0) return 0;

  const streamIds = [...counts.keys()].sort();
  const { rows: versions } = await tx.query<{ stream_id: string; stream_version: number }>(
    `insert into es_streams as s (stream_id, stream_version)
     select * from unnest($1::text[], $2::bigint[]) order by 1
     on conflict (stream_id) do update set stream_version = s.stream_version + excluded.stream_version, updated_at = now()
     returning stream_id, stream_version`,
    [toPgArray(streamIds), toPgArray(streamIds.map((id) => counts.get(id) ?? 0))],
  );
  // Each stream's next version: its version now less what this call adds, plus one.
  const next = new Map(versions.map((row) => [row.stream_id, Number(row.stream_version) - (counts.get(row.stream_id) ?? 0) + 1]));
  const rows = groups.flatMap((fresh) =>
    [...fresh.keys()].sort().flatMap((streamId) =>
      (fresh.get(streamId) ?? []).map((event) => {
        const version = next.get(streamId) ?? 1;
        next.set(streamId, version + 1);
        return { streamId, version, event };
      }),
    ),
  );
  // Data and metadata go as one JSON array each, their texts joined as they are: as elements of
  // a text array every quote in them would be escaped, and read back, once more.
  await tx.query(
    `insert into es_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, known_at)
     select * from rows from (unnest($1::text[]), unnest($2::bigint[]), unnest($3::uuid[]), unnest($4::text[]), unnest($5::int[]),
                              jsonb_array_elements($6::jsonb), jsonb_array_elements($7::jsonb), unnest($8::timestamptz[]))`,
    [
      toPgArray(rows.map((r) => r.streamId)),
      toPgArray(rows.map((r) => r.version)),
      toPgArray(rows.map((r) => r.event.id)),
      toPgArray(rows.map((r) => r.event.type)),
      toPgArray(rows.map((r) => r.event.schemaVersion)),
      jsonArrayOf(rows.map((r) => r.event.data)),
      jsonArrayOf(rows.map((r) => r.event.metadata)),
      toPgArray(rows.map((r) => r.event.knownAt)),
    ],
  );
  await tx.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, streamIds[0] ?? '']);
  return rows.length;
}
