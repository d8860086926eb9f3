import type { StreamAppend } from '#platform/event-store';

/**
 * The event text (data and metadata, in UTF-16 code units, close to bytes for this JSON)
 * appended per transaction. A parse larger than this is appended in parts: on embedded
 * PGlite a transaction holds the one connection every read waits for, and 512 KiB of events
 * took 50 to 150 ms there (the sample's intraday price file took 0.6 s in one); parts of
 * 160 KiB keep each under about 40 ms with the sample ingested as fast (docs/benchmarks.md).
 */
export const APPEND_TEXT_PER_TRANSACTION = 160 * 1024;

const sizeOf = (event: StreamAppend['events'][number]) => event.data.length + event.metadata.length;

/**
 * Splits appends into parts of at most `budget` of event text, in order: streams in the order
 * given, each stream's events in order, a stream cut between parts where the budget falls. An
 * event larger than the budget is a part of its own. No appends, no parts.
 */
export function appendParts(appends: readonly StreamAppend[], budget: number): StreamAppend[][] {
  const parts: StreamAppend[][] = [];
  let part: StreamAppend[] = [];
  let used = 0;
  for (const { streamId, events } of appends) {
    let run: StreamAppend['events'][number][] = [];
    for (const event of events) {
      const size = sizeOf(event);
      if (used > 0 && used + size > budget) {
        if (run.length > 0) part.push({ streamId, events: run });
        parts.push(part);
        part = [];
        run = [];
        used = 0;
      }
      run.push(event);
      used += size;
    }
    if (run.length > 0) part.push({ streamId, events: run });
  }
  if (part.length > 0) parts.push(part);
  return parts;
}
