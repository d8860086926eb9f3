import { EventMetadataSchema } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';
import { ConcurrencyError, EventIdConflictError, EventValidationError } from '#platform/errors';
import type { EventRegistry } from './event-registry.ts';
import type { AppendResult, ExpectedVersion, NewEvent } from './event-store.ts';

export const EVENTS_CHANNEL = 'es_events';

export interface PreparedEvent {
  readonly id: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: string;
  readonly metadata: string;
  readonly knownAt: string;
}

/**
 * JSON text PostgreSQL can store. Its text and jsonb types cannot hold U+0000, and a
 * damaged source file can put one into a quoted cell or a problem message; it is written
 * as U+FFFD, the replacement character. The check is one scan of text already built, so
 * the common case costs nothing more.
 */
export function toStorableJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!json.includes('\\u0000')) return json;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replaceAll('\u0000', '\uFFFD') : v));
}

/** Validates payloads and metadata before any I/O: an invalid event never reaches the store. */
export function prepareEvents(registry: EventRegistry, events: readonly NewEvent[]): PreparedEvent[] {
  const seen = new Set<string>();
  return events.map((event) => {
    if (seen.has(event.id)) throw new EventValidationError(event.type, [`event id ${event.id} appears twice`]);
    seen.add(event.id);
    const metadata = EventMetadataSchema.safeParse(event.metadata);
    if (!metadata.success) {
      throw new EventValidationError(
        event.type,
        metadata.error.issues.map((issue) => `metadata.${issue.path.join('.')}: ${issue.message}`),
      );
    }
    const data = registry.parse(event.type, event.data);
    return {
      id: event.id,
      type: event.type,
      schemaVersion: registry.schemaVersion(event.type) ?? 1,
      data: toStorableJson(data),
      metadata: toStorableJson(metadata.data),
      knownAt: metadata.data.knownAt,
    };
  });
}

async function dropAlreadyStored(tx: SqlExecutor, streamId: string, events: readonly PreparedEvent[]) {
  const { rows } = await tx.query<{ event_id: string; stream_id: string }>(
    'select event_id::text, stream_id from es_events where event_id = any($1::uuid[])',
    [events.map((event) => event.id)],
  );
  const stored = new Set<string>();
  for (const row of rows) {
    if (row.stream_id !== streamId) throw new EventIdConflictError(row.event_id, streamId, row.stream_id);
    stored.add(row.event_id);
  }
  return events.filter((event) => !stored.has(event.id));
}

async function currentVersion(tx: SqlExecutor, streamId: string): Promise<number> {
  const { rows } = await tx.query<{ stream_version: number }>('select stream_version from es_streams where stream_id = $1', [streamId]);
  return rows[0]?.stream_version ?? 0;
}

/**
 * Moves the stream's version forward by `count`, checking the expected version. The row
 * lock taken here serialises concurrent appends to one stream.
 */
async function advanceStream(tx: SqlExecutor, streamId: string, count: number, expected: ExpectedVersion): Promise<number> {
  const expectedNumber = typeof expected === 'number' ? expected : null;
  const { rows } = await tx.query<{ stream_version: number }>(
    `insert into es_streams as s (stream_id, stream_version) values ($1, $2)
     on conflict (stream_id) do update
       set stream_version = s.stream_version + $2, updated_at = now()
       where $3::bigint is null or s.stream_version = $3::bigint
     returning stream_version`,
    [streamId, count, expectedNumber],
  );
  const next = rows[0]?.stream_version;
  const before = next === undefined ? undefined : next - count;
  const matches = before !== undefined && (expected === 'any' || (expected === 'stream_exists' ? before > 0 : before === expected));
  if (!matches) throw new ConcurrencyError(streamId, expected, before ?? (await currentVersion(tx, streamId)));
  return next as number;
}

/**
 * Appends events to one stream inside the caller's transaction. Events whose ids are
 * already stored in this stream are skipped; if nothing is left, the append is a no-op
 * whatever the expected version, because re-ingesting a document must not fail.
 */
export async function appendPrepared(
  tx: SqlExecutor,
  streamId: string,
  prepared: readonly PreparedEvent[],
  expectedVersion: ExpectedVersion,
): Promise<AppendResult> {
  const fresh = prepared.length === 0 ? [] : await dropAlreadyStored(tx, streamId, prepared);
  if (fresh.length === 0) return { nextExpectedVersion: await currentVersion(tx, streamId), positions: [] };

  const next = await advanceStream(tx, streamId, fresh.length, expectedVersion);
  const first = next - fresh.length + 1;
  const { rows } = await tx.query<{ global_position: number }>(
    `insert into es_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, known_at)
     select $1, $2::bigint + u.ord - 1, u.id, u.type, u.schema_version, u.data, u.metadata, u.known_at
     from unnest($3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[], $8::timestamptz[])
       with ordinality as u(id, type, schema_version, data, metadata, known_at, ord)
     order by u.ord
     returning global_position`,
    [
      streamId,
      first,
      fresh.map((e) => e.id),
      fresh.map((e) => e.type),
      fresh.map((e) => e.schemaVersion),
      fresh.map((e) => e.data),
      fresh.map((e) => e.metadata),
      fresh.map((e) => e.knownAt),
    ],
  );
  // Delivered at commit, and only if the transaction commits.
  await tx.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, streamId]);
  return { nextExpectedVersion: next, positions: rows.map((row) => row.global_position).sort((a, b) => a - b) };
}

export async function appendToStream(
  tx: SqlExecutor,
  registry: EventRegistry,
  streamId: string,
  events: readonly NewEvent[],
  expectedVersion: ExpectedVersion = 'any',
): Promise<AppendResult> {
  return appendPrepared(tx, streamId, prepareEvents(registry, events), expectedVersion);
}
