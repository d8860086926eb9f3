import { EventEmitter } from 'node:events';
import { StreamNotFoundError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type { KurrentClient } from '#platform/event-store/kurrentdb/kurrentdb-event-store';
import type { KurrentEventData, KurrentRecordedEvent } from '#platform/event-store/kurrentdb/kurrentdb-events';

interface Recorded extends KurrentRecordedEvent {
  readonly position: { readonly commit: bigint; readonly prepare: bigint };
}

type StreamState = 'any' | 'no_stream' | 'stream_exists' | bigint;
type Position = 'start' | 'end' | { commit: bigint; prepare: bigint };
interface Read {
  readonly fromRevision?: 'start' | 'end' | bigint;
  readonly fromPosition?: Position;
  readonly direction?: 'forwards' | 'backwards';
  readonly maxCount?: number | bigint;
  readonly filter?: { readonly regex?: string };
}

const RECORD_BYTES = 100n;
const order = (a: Recorded, b: Recorded) => (a.position.commit === b.position.commit ? 0 : a.position.commit < b.position.commit ? -1 : 1);

/**
 * A stand-in for the KurrentDB client, in memory, with the server's documented behaviour as
 * this adapter relies on it: revisions from 0, an append refused with
 * WrongExpectedVersionError unless the stream is at the revision expected, `$all` ordered by
 * (commit, prepare) with the events of one append sharing their commit position, reads of
 * `$all` from a position that include the event at it, StreamNotFoundError when a missing
 * stream is read, system events (`$`-types) in the log, and event-type filters. It lets the
 * adapter's own logic run the contract suite here; it is no evidence about a real server.
 */
export function createKurrentStandIn(): KurrentClient {
  const log: Recorded[] = [];
  const streams = new Map<string, Recorded[]>();
  const appended = new EventEmitter();
  const write = (streamId: string, events: readonly KurrentEventData[]) => {
    const list = streams.get(streamId) ?? [];
    const commit = BigInt(log.length + events.length) * RECORD_BYTES;
    for (const event of events) {
      const record: Recorded = {
        ...event,
        streamId,
        revision: BigInt(list.length),
        created: new Date(),
        position: { commit, prepare: BigInt(log.length + 1) * RECORD_BYTES },
      };
      list.push(record);
      log.push(record);
    }
    streams.set(streamId, list);
    return list;
  };
  // A system event between ours, as a server writes them (statistics, settings).
  write('$stats-standin', [{ id: crypto.randomUUID(), contentType: 'application/json', type: '$statsCollected', data: {}, metadata: {} }]);

  const page = async function* (events: readonly Recorded[], options: Read) {
    await Promise.resolve();
    const pattern = options.filter?.regex ? new RegExp(options.filter.regex) : undefined;
    let given = 0;
    for (const event of events) {
      if (options.maxCount !== undefined && given >= Number(options.maxCount)) return;
      if (pattern && !pattern.test(event.type)) continue;
      given += 1;
      yield { event: { ...event, isJson: true } };
    }
  };

  const client = {
    appendToStream(streamId: string, events: KurrentEventData[], options: { streamState?: StreamState } = {}) {
      const list = streams.get(streamId) ?? [];
      const current = list.length === 0 ? 'no_stream' : BigInt(list.length - 1);
      const expected = options.streamState ?? 'any';
      const ok =
        expected === 'any' ||
        (expected === 'stream_exists' ? list.length > 0 : expected === 'no_stream' ? list.length === 0 : expected === current);
      if (!ok)
        return Promise.reject(new WrongExpectedVersionError(undefined as never, { streamName: streamId, expected, current } as never));
      const after = write(streamId, events);
      appended.emit('data', {});
      return Promise.resolve({ success: true, nextExpectedRevision: BigInt(after.length - 1), position: after.at(-1)?.position });
    },
    readStream(streamId: string, options: Read = {}) {
      const list = streams.get(streamId);
      if (!list) {
        return (async function* () {
          await Promise.resolve();
          yield* [];
          throw new StreamNotFoundError(undefined, streamId);
        })();
      }
      const backwards = options.direction === 'backwards';
      const from = options.fromRevision ?? (backwards ? 'end' : 'start');
      const ordered = backwards ? [...list].reverse() : list;
      const selected =
        from === 'start' || from === 'end' ? ordered : ordered.filter((e) => (backwards ? e.revision <= from : e.revision >= from));
      return page(selected, options);
    },
    readAll(options: Read = {}) {
      const backwards = options.direction === 'backwards';
      const from = options.fromPosition ?? (backwards ? 'end' : 'start');
      const sorted = [...log].sort(order);
      const ordered = backwards ? sorted.reverse() : sorted;
      const selected =
        typeof from === 'string'
          ? ordered
          : ordered.filter((e) =>
              backwards
                ? e.position.commit < from.commit || (e.position.commit === from.commit && e.position.prepare <= from.prepare)
                : e.position.commit > from.commit || (e.position.commit === from.commit && e.position.prepare >= from.prepare),
            );
      return page(selected, options);
    },
    subscribeToAll() {
      const subscription = new EventEmitter() as EventEmitter & { unsubscribe(): Promise<void> };
      const forward = () => subscription.emit('data', {});
      appended.on('data', forward);
      subscription.unsubscribe = () => Promise.resolve(void appended.off('data', forward));
      return subscription;
    },
    dispose: () => Promise.resolve(),
  };
  return client as unknown as KurrentClient;
}
