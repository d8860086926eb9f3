import type { ExpectedVersion } from '../event-store.ts';

/**
 * What an append to one KurrentDB stream does, decided from the stream as just read: the
 * server's own duplicate check keeps event ids for a short window only, so the ids already in
 * the stream are read and compared here, and the append then expects the revision that was
 * read. A writer that got in between makes the server refuse it, and the decision is taken
 * again on the stream as it then is. So a re-append of stored events adds nothing, however
 * late it comes.
 */
export type AppendDecision<T> =
  | { readonly kind: 'nothing-new'; readonly version: number }
  | { readonly kind: 'conflict'; readonly actual: number }
  | { readonly kind: 'append'; readonly fresh: readonly T[]; readonly expectedVersion: number };

export function decideAppend<T extends { readonly id: string }>(
  events: readonly T[],
  stream: { readonly version: number; readonly storedIds: ReadonlySet<string> },
  expected: ExpectedVersion,
): AppendDecision<T> {
  const fresh = events.filter((event) => !stream.storedIds.has(event.id));
  // Re-appending stored events is a no-op whatever the expected version: re-ingesting a document must not fail.
  if (fresh.length === 0) return { kind: 'nothing-new', version: stream.version };
  const matches = expected === 'any' || (expected === 'stream_exists' ? stream.version > 0 : stream.version === expected);
  if (!matches) return { kind: 'conflict', actual: stream.version };
  return { kind: 'append', fresh, expectedVersion: stream.version };
}
