import { type Checkpoint, checkpointOf, START } from '../event-store.ts';

/** A place in KurrentDB's `$all`: the commit and prepare positions of an event's log record. */
export interface LogPosition {
  readonly commit: bigint;
  readonly prepare: bigint;
}

const TOKEN = /^kurrentdb:(\d{1,20}):(\d{1,20})$/;

/** The token of the place of one event: `kurrentdb:<commit>:<prepare>`, naming its store. */
export function encodeKurrentCheckpoint(position: LogPosition): Checkpoint {
  return checkpointOf(`kurrentdb:${position.commit}:${position.prepare}`);
}

/** The place a token names; undefined for `start`, before the first event. */
export function decodeKurrentCheckpoint(token: Checkpoint): LogPosition | undefined {
  if (token === START) return undefined;
  const [, commit, prepare] = TOKEN.exec(token) ?? [];
  if (commit === undefined || prepare === undefined) {
    throw new Error(`checkpoint ${JSON.stringify(token)} was not written by the KurrentDB event store`);
  }
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

export function compareLogPositions(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  return a.prepare < b.prepare ? -1 : a.prepare > b.prepare ? 1 : 0;
}
