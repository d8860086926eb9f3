import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { PreparedEvent, StreamAppend } from '#platform/event-store';

/** One stream's events of a parse, validated and serialised, ready to append. */
export type PreparedStream = readonly [streamId: string, events: readonly PreparedEvent[]];

/**
 * The event text (data and metadata) a parse holds in memory at most: past it, its prepared
 * events go to a file (`SpillTo`) as they are made, and the process that writes appends them
 * from there a part at a time. Every daily file of the real corpus stays below it; a bhavcopy
 * of several MiB or more goes to a file.
 */
export const SPILL_EVENT_TEXT = 8 * 1024 * 1024;

/** Where a parse may put its events when they pass `above` characters of text (SPILL_EVENT_TEXT). */
export interface SpillTo {
  readonly path: string;
  readonly above: number;
}

/** A parse's prepared events: held by stream, or in a file of one `[streamId, event]` JSON line each, in the order made. */
export type PreparedEvents = { readonly streams: readonly PreparedStream[] } | { readonly streams: readonly []; readonly spilled: string };

const sizeOf = (event: PreparedEvent) => event.data.length + event.metadata.length;
/** Lines written to the file at a time. */
const WRITE_CHARS = 1024 * 1024;

/**
 * Collects a parse's prepared events: by stream, in the order each stream was first met, until
 * their text passes `spill.above`; from then on into `spill.path`, those held first, each event
 * as it comes. Without `spill` every event is held.
 */
export function createEventSink(spill?: SpillTo) {
  const byStream = new Map<string, PreparedEvent[]>();
  let held = 0;
  let file: number | undefined;
  let pending = '';
  const flush = () => {
    if (file !== undefined && pending) writeSync(file, pending);
    pending = '';
  };
  const write = (streamId: string, event: PreparedEvent) => {
    pending += `${JSON.stringify([streamId, event])}\n`;
    if (pending.length >= WRITE_CHARS) flush();
  };
  return {
    add(streamId: string, event: PreparedEvent): void {
      if (file !== undefined) return write(streamId, event);
      const list = byStream.get(streamId);
      if (list) list.push(event);
      else byStream.set(streamId, [event]);
      held += sizeOf(event);
      if (!spill || held <= spill.above) return;
      file = openSync(spill.path, 'wx');
      for (const [stream, events] of byStream) for (const each of events) write(stream, each);
      byStream.clear();
    },
    finish(): PreparedEvents {
      if (file === undefined) return { streams: [...byStream] };
      flush();
      closeSync(file);
      file = undefined;
      return { streams: [], spilled: (spill as SpillTo).path };
    },
    /** Closes the file of a parse that ends in a rejection (its folder is removed by whoever made it). */
    discard(): void {
      if (file !== undefined) closeSync(file);
      file = undefined;
      byStream.clear();
    },
  };
}

/**
 * A spilled parse's events as appends of at most `budget` of event text each (as appendParts
 * cuts held ones), read from its file a line at a time: only one part is held.
 */
export async function* spilledParts(file: string, budget: number): AsyncGenerator<StreamAppend[]> {
  let part: StreamAppend[] = [];
  let run: { streamId: string; events: PreparedEvent[] } | undefined;
  let used = 0;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const [streamId, event] = JSON.parse(line) as [string, PreparedEvent];
    const size = sizeOf(event);
    if (used > 0 && used + size > budget) {
      if (run) part.push(run);
      yield part;
      [part, run, used] = [[], undefined, 0];
    }
    if (run?.streamId !== streamId) {
      if (run) part.push(run);
      run = { streamId, events: [] };
    }
    run.events.push(event);
    used += size;
  }
  if (run) part.push(run);
  if (part.length > 0) yield part;
}

/** Folders of spilled parses are named for the process, so a later process can tell a dead one's. */
const PREFIX = 'ingest-parse-';

/** A folder for the spilled parses of one batch; the caller removes it (removeSpillFolder) whatever happens. */
export const makeSpillFolder = () => mkdtemp(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));

export const removeSpillFolder = (folder: string) => rm(folder, { recursive: true, force: true });

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the spill folders a process left when it was killed mid-batch (`kill -9`, out of
 * memory): those of processes no longer running. Called when a parse pool starts.
 */
export async function removeOrphanedSpills(): Promise<void> {
  const names = await readdir(os.tmpdir()).catch(() => []);
  for (const name of names) {
    const pid = Number(/^ingest-parse-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) await removeSpillFolder(path.join(os.tmpdir(), name));
  }
}
